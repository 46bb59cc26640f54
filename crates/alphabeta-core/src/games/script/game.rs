//! [`ScriptGame`]: a position of a scripted game, as the search sees every game ([`Game`]) and the window every
//! family ([`GameInfo`], [`Playable`]).
//!
//! Speed comes from keeping the positions inside Lua: the driver (`driver.lua`) holds the line being searched as a
//! stack of the script's position tables, and Rust keeps, per position on that line, only what the search asks
//! most — whose turn, the result, the hash. So playing a move is one call into Lua (which plays it, then asks the
//! script's `result`, `turn` and `key` there), taking it back is none (a script that plays in place has its `undo`
//! run by the next call, at the start of the next `play` when that is the move's sibling), and a node's moves or
//! evaluation one call each. The calls made at every node read their answers off Lua's stack (`calls.rs`).
//!
//! A script that fails while the search runs (an error, a wrong type, the instruction budget, the memory limit) can
//! not hand an error through the [`Game`] trait, so the game becomes *faulted*: the message is kept
//! ([`ScriptGame::fault`]), every position counts as a finished draw from then on so every search ends quickly, and
//! whoever ran the search reports the message.

use super::ScriptError;
use super::board::{Board, Click, Kind, Target};
use super::calls::{self, Answer, ListProblem, NodeCalls};
use super::file::{Script, run_chunk};
use super::move_list::ListFault;
use super::sandbox::{Sandbox, describe};
use crate::engine::game::{Game, HISTORY_SLOTS, IllegalMove, Turn, Value};
use crate::engine::hash::{mix64, splitmix64};
use crate::games::any::{AnyMove, GameInfo, Outcome, Playable};
use mlua::{Function, MultiValue, Table, Value as LuaValue};
use std::cell::{Cell, RefCell};
use std::sync::Arc;

/// A move of a scripted game: the whole number the script's `moves` lists.
pub type ScriptMove = i64;

/// The Lua state a game runs in, and the driver's entry points.
struct Vm {
    sandbox: Sandbox,
    /// `start`, `play`, `undo`, `moves` and `evaluate`, called at every node.
    node_calls: NodeCalls,
    /// The driver's `moves`, called the ordinary way to trace a faulty list ([`super::trace`]).
    moves: Function,
    chances: Function,
    name: Function,
    draw: Function,
    click: Function,
    /// Whether the script defines `undo` (and so plays in place).
    plays_in_place: bool,
    /// Whether the script defines `evaluate`.
    evaluates: bool,
}

/// What Rust remembers of each position on the current line.
#[derive(Clone, Copy, Debug)]
struct Node {
    turn: Turn,
    /// The script's result, from the first player's point of view.
    result: Option<Value>,
    hash: u64,
    /// Tells positions apart for the chance cache (a new number for every position reached).
    serial: u64,
}

/// The outcomes of a chance node and their probabilities, for the node `serial`.
#[derive(Default)]
struct Chances {
    serial: u64,
    outcomes: Vec<(ScriptMove, f64)>,
}

/// A position of a scripted game.
pub struct ScriptGame {
    script: Arc<Script>,
    vm: Option<Vm>,
    /// The start position and one more per move of `history`: the line from the start to the position the game
    /// (or its search) is at. Never empty.
    nodes: Vec<Node>,
    /// Every move since the start, the search's included.
    history: Vec<ScriptMove>,
    next_serial: u64,
    /// Per depth on the line, the last chance outcomes generated there.
    chances: RefCell<Vec<Chances>>,
    fault: RefCell<Option<ScriptError>>,
    /// The last board drawn, and the serial of the position it shows: the window asks for the board at every
    /// frame, and a `draw` that is slow (or fails) must cost one call per position, not one per frame.
    drawn: RefCell<Option<(u64, Result<Board, ScriptError>)>>,
    /// Whether every move list passes the run-time checks ([`super::move_list`]): always, but in the benchmark
    /// that measures what they cost ([`ScriptGame::without_move_list_checks`]).
    move_list_checks: bool,
    /// A move taken back whose `undo` the script has not run yet, and the depth it goes back to: run at the start
    /// of the next call into the script (with the next `play` at that depth, as part of the same call). Only for a
    /// script that plays in place.
    deferred_undo: Cell<Option<(usize, ScriptMove)>>,
}

impl Script {
    /// A new game at the script's starting position, in a Lua state of its own.
    pub fn new_game(self: &Arc<Self>) -> Result<ScriptGame, ScriptError> {
        let vm = Vm::new(self)?;
        let call = vm.sandbox.new_budget();
        let start = vm
            .node_calls
            .start(&vm.sandbox.lua)
            .map_err(|e| ScriptError::new(vm.sandbox.describe_failure(&e, self.at("start"))))?;
        drop(call);
        let mut game = ScriptGame {
            script: Arc::clone(self),
            vm: Some(vm),
            nodes: Vec::with_capacity(64),
            history: Vec::new(),
            next_serial: 1,
            chances: RefCell::new(Vec::new()),
            fault: RefCell::new(None),
            drawn: RefCell::new(None),
            move_list_checks: true,
            deferred_undo: Cell::new(None),
        };
        let node = game.node_from(start, 0).map_err(ScriptError::new)?;
        game.nodes.push(node);
        Ok(game)
    }
}

impl Vm {
    fn new(script: &Script) -> Result<Vm, ScriptError> {
        let file = &script.file;
        let lua_error = |e: mlua::Error| ScriptError::new(format!("{file}: {}", describe(&e)));
        let sandbox = Sandbox::new(file).map_err(lua_error)?;
        run_chunk(&sandbox, file, &script.source)?;
        let lua = &sandbox.lua;
        let at = lua.create_table().map_err(lua_error)?;
        for name in super::file::REQUIRED.iter().chain(&super::file::OPTIONAL) {
            at.raw_set(*name, script.at(name)).map_err(lua_error)?;
        }
        let call = sandbox.new_budget();
        let driver: Table = lua
            .load(include_str!("driver.lua"))
            .set_name("=driver")
            .set_environment(sandbox.pristine.clone())
            .call((lua.globals(), at, sandbox.raw_unpack().clone()))
            .map_err(|e| ScriptError::new(describe(&e)))?;
        drop(call);
        let get = |name: &str| driver.raw_get::<Function>(name).map_err(lua_error);
        let undo = if script.defines("undo") { get("undo")? } else { get("play")? };
        let node_calls = [get("start")?, get("play")?, undo, get("moves")?, get("evaluate")?, get("info")?];
        Ok(Vm {
            node_calls: NodeCalls::new(lua, node_calls.each_ref()).map_err(lua_error)?,
            moves: get("moves")?,
            chances: get("chances")?,
            name: get("name")?,
            draw: get("draw")?,
            click: get("click")?,
            plays_in_place: script.defines("undo"),
            evaluates: script.defines("evaluate"),
            sandbox,
        })
    }
}

/// A position's hash: its key (or its path's hash) with whose turn it is folded in.
fn hash_of(key: u64, turn: Turn) -> u64 {
    key ^ splitmix64(turn as u64 + 0x5eed)
}

/// The turn the driver reports: 1, 2 or 3 (chance).
fn turn_of(code: i64) -> Turn {
    match code {
        1 => Turn::Max,
        2 => Turn::Min,
        _ => Turn::Chance,
    }
}

impl ScriptGame {
    /// The script this game runs.
    pub fn script(&self) -> &Arc<Script> {
        &self.script
    }

    /// The message of the script's failure, if it failed since this game was made (see the module's doc).
    pub fn fault(&self) -> Option<ScriptError> {
        self.fault.borrow().clone()
    }

    /// The game without the run-time checks of its move lists (a move given twice, no move in a game that goes
    /// on): a game that makes either mistake is then searched as if it were right, counting a move twice or
    /// scoring a position as over. Only `bench --scripts` (`speed.rs`) asks for it, to measure what the checks
    /// cost; it is private to the script module, so no game file, session, command-line flag or window can reach
    /// it, and every other game, its copies included, has them on.
    pub(super) fn without_move_list_checks(mut self) -> Self {
        self.move_list_checks = false;
        self
    }

    /// The bytes this game's Lua state holds now (its script's globals and positions; 0 for a game whose state
    /// could not be made). A match multiplies what its start holds by the states it keeps at once, to refuse up
    /// front what [`ALL_STATES_LIMIT`](super::ALL_STATES_LIMIT) would refuse part-way.
    pub fn memory_held(&self) -> usize {
        self.vm.as_ref().map_or(0, |vm| vm.sandbox.lua.used_memory())
    }

    /// The moves since the start.
    pub fn history(&self) -> &[ScriptMove] {
        &self.history
    }

    /// The result as the script gives it: from the first player's point of view, `None` while the game goes on.
    pub fn result(&self) -> Option<Value> {
        self.node().result
    }

    /// The board as the script's `draw` shows the current position, or why it cannot be drawn: one budgeted call
    /// into the script per position (the answer is kept until the position changes).
    pub fn board(&self) -> Result<Board, ScriptError> {
        if let Some(fault) = self.fault() {
            return Err(fault);
        }
        let serial = self.node().serial;
        if let Some((drawn, board)) = self.drawn.borrow().as_ref()
            && *drawn == serial
        {
            return board.clone();
        }
        let board = self.draw_board();
        *self.drawn.borrow_mut() = Some((serial, board.clone()));
        board
    }

    fn draw_board(&self) -> Result<Board, ScriptError> {
        let shape = self.script.board.as_ref().ok_or_else(|| {
            ScriptError::new(format!("{}: the script declares no `board = {{ … }}` to draw", self.script.file))
        })?;
        if !self.script.defines("draw") {
            return Err(ScriptError::new(format!("{}: the script defines no function `draw`", self.script.file)));
        }
        // Read inside the call: reading the board is the end of the call's work.
        let board = self.call_checked("draw", |vm| Ok(Board::read(shape, vm.draw.call::<LuaValue>(self.depth())?)))?;
        let mut board = board.map_err(|what| ScriptError::new(format!("{}: {what}", self.script.at("draw"))))?;
        // The window dots the legal moves' places: asked here, once per position like the drawing.
        if shape.moves.is_some() && shape.dots && self.node().result.is_none() && self.turn() != Turn::Chance {
            self.generate_moves(&mut board.legal);
            if let Some(fault) = self.fault() {
                return Err(fault);
            }
        }
        Ok(board)
    }

    /// The current position's turn, result (from the first player's point of view) and hash as the script
    /// computes them now — not as they were kept when the position was reached. The game checker compares them
    /// after a move and its `undo`: a script's `undo` that forgets part of the position shows only this way.
    pub fn reread(&self) -> Result<(Turn, Option<Value>, u64), ScriptError> {
        let depth = self.depth();
        let Answer { turn, result, key } =
            self.call_checked("undo", |vm| vm.node_calls.info(&vm.sandbox.lua, depth))?;
        let turn = turn_of(turn);
        Ok((turn, result, key.map_or(self.node().hash, |key| hash_of(key, turn))))
    }

    /// What a click on `cell` (numbered from 1) means; `from` is the cell the previous click selected: a click
    /// on a cell as [`Self::click_at`] takes one.
    pub fn click(&self, cell: usize, from: Option<usize>) -> Result<Click, ScriptError> {
        self.click_at(Target { kind: Kind::Cell, index: cell }, from)
    }

    /// What a click on `target` means; `from` is the place of the same kind the previous click selected. Without
    /// a `click` function in the script, a click on place *n* plays move *n* (of the kind `board.moves` names, or
    /// any kind when it names none).
    pub fn click_at(&self, target: Target, from: Option<usize>) -> Result<Click, ScriptError> {
        if !self.script.defines("click") {
            let moves = self.script.board.as_ref().and_then(|shape| shape.moves);
            return Ok(match moves {
                Some(kind) if kind != target.kind => {
                    let article = if kind == Kind::Edge { "an" } else { "a" };
                    Click::Refused(format!("a move here is {article} {}: click one", kind.word()))
                }
                _ => Click::Move(target.index as i64),
            });
        }
        let (index, kind) = (target.index, target.kind.word());
        let answer: (LuaValue, LuaValue) =
            self.call_checked("click", |vm| vm.click.call((self.depth(), index, from, kind)))?;
        match answer {
            (LuaValue::Integer(mv), _) => Ok(Click::Move(mv)),
            (LuaValue::Number(x), _) if x.fract() == 0.0 => Ok(Click::Move(x as i64)),
            (LuaValue::String(s), _) if s.as_bytes().as_ref() == b"select" => Ok(Click::Select),
            (LuaValue::Nil | LuaValue::Boolean(false), LuaValue::String(why)) => {
                Ok(Click::Refused(super::board::cut_text(&why, super::board::CAPTION_CHARS)))
            }
            (LuaValue::Nil | LuaValue::Boolean(false), _) => Ok(Click::Refused("nothing to play there".into())),
            (other, _) => Err(ScriptError::new(format!(
                "{}: click returned {}, but it must return a move, \"select\", or nil and a reason",
                self.script.at("click"),
                other.type_name()
            ))),
        }
    }

    fn node(&self) -> &Node {
        // Never empty: the start node is pushed at creation and `undo` never pops it.
        &self.nodes[self.nodes.len() - 1]
    }

    /// The Lua index of the current position in the driver's stack.
    fn depth(&self) -> usize {
        self.nodes.len()
    }

    fn faulted(&self) -> bool {
        self.fault.borrow().is_some()
    }

    fn set_fault(&self, message: String) {
        let mut fault = self.fault.borrow_mut();
        if fault.is_none() {
            *fault = Some(ScriptError::new(message));
        }
    }

    /// Runs `f` on the Lua state with a fresh instruction budget, turning a Lua error into a [`ScriptError`].
    fn call_checked<R>(&self, what: &str, f: impl FnOnce(&Vm) -> mlua::Result<R>) -> Result<R, ScriptError> {
        if let Some(fault) = self.fault() {
            return Err(fault);
        }
        let vm = self.vm.as_ref().ok_or_else(|| ScriptError::new(format!("{}: no Lua state", self.script.file)))?;
        self.run_deferred_undo(vm)?;
        let _call = vm.sandbox.new_budget();
        f(vm).map_err(|e| ScriptError::new(vm.sandbox.describe_failure(&e, self.script.at(what))))
    }

    /// Runs the script's `undo` of the move taken back last, if it has not run yet (a call of its own); when it
    /// fails, the game is faulted and its error returned.
    fn run_deferred_undo(&self, vm: &Vm) -> Result<(), ScriptError> {
        let Some((depth, mv)) = self.deferred_undo.take() else { return Ok(()) };
        let call = vm.sandbox.new_budget();
        let undone = vm.node_calls.undo(&vm.sandbox.lua, depth, mv);
        drop(call);
        undone.map_err(|e| {
            self.set_fault(vm.sandbox.describe_failure(&e, self.script.at("undo")));
            self.fault().unwrap_or_else(|| ScriptError::new("undo failed"))
        })
    }

    /// Runs `f` as [`Self::call_checked`] does, but a failure faults the game (the search cannot take errors).
    /// `what` names the script's function the call runs, for a message that has no line of its own.
    #[inline]
    fn call<R>(&self, what: &str, f: impl FnOnce(&Vm) -> mlua::Result<R>) -> Option<R> {
        if self.faulted() {
            return None;
        }
        let vm = self.vm.as_ref()?;
        self.run_deferred_undo(vm).ok()?;
        let _call = vm.sandbox.new_budget();
        match f(vm) {
            Ok(r) => Some(r),
            Err(e) => {
                self.set_fault(vm.sandbox.describe_failure(&e, self.script.at(what)));
                None
            }
        }
    }

    /// The node the driver's answer describes; `path_hash` is used when the script has no `key`.
    fn node_from(&mut self, Answer { turn, result, key }: Answer, path_hash: u64) -> Result<Node, String> {
        let (low, high) = self.script.bounds;
        if let Some(r) = result
            && !(low..=high).contains(&r)
        {
            return Err(format!(
                "{}: result returned {r}, outside the bounds {{{low}, {high}}} the script declares",
                self.script.at("result")
            ));
        }
        let turn = turn_of(turn);
        if turn == Turn::Chance && result.is_none() && !self.script.defines("chances") {
            return Err(format!(
                "{}: turn returned \"chance\", but the script defines no function `chances`",
                self.script.at("turn")
            ));
        }
        let hash = hash_of(key.unwrap_or(path_hash), turn);
        self.next_serial += 1;
        Ok(Node { turn, result, hash, serial: self.next_serial })
    }

    /// Runs `f` on the chance outcomes of the current position and their probabilities, generated once per
    /// position (then remembered for `probability`, which the searches ask once per outcome).
    fn with_chances<R>(&self, f: impl FnOnce(&[(ScriptMove, f64)]) -> R) -> R {
        let depth = self.depth();
        let serial = self.node().serial;
        let cached = self.chances.borrow().get(depth).is_some_and(|c| c.serial == serial);
        if !cached {
            let outcomes = self.generate_chances().unwrap_or_default();
            let mut cache = self.chances.borrow_mut();
            if cache.len() <= depth {
                cache.resize_with(depth + 1, Chances::default);
            }
            cache[depth] = Chances { serial, outcomes };
        }
        f(&self.chances.borrow()[depth].outcomes)
    }

    /// Asks the script's `chances` and checks the answer (the game faults, and `None`, when it is wrong).
    fn generate_chances(&self) -> Option<Vec<(ScriptMove, f64)>> {
        let depth = self.depth();
        let values = self.call("chances", |vm| vm.chances.call::<MultiValue>(depth))?;
        let at = self.script.at("chances");
        let mut outcomes = Vec::with_capacity(values.len() / 2);
        let mut total = 0.0;
        let values: Vec<LuaValue> = values.into_iter().collect();
        for (i, pair) in values.chunks(2).enumerate() {
            let outcome = pair.first().and_then(as_move);
            let p = pair.get(1).and_then(as_real);
            match (outcome, p) {
                (Some(outcome), Some(p)) if p > 0.0 && p <= 1.0 => {
                    total += p;
                    outcomes.push((outcome, p));
                }
                _ => {
                    self.set_fault(format!(
                        "{at}: entry {} of chances is not {{outcome, probability}} with a whole-number outcome and \
                         a probability in (0, 1]",
                        i + 1
                    ));
                    return None;
                }
            }
        }
        if outcomes.is_empty() || (total - 1.0).abs() > 1e-6 {
            self.set_fault(format!("{at}: the probabilities chances returned add up to {total}, not 1"));
            return None;
        }
        Some(outcomes)
    }
}

/// A Lua value as a real number: a float, or an integer (Lua keeps `2` and `2.0` apart).
#[inline]
pub(super) fn as_real(value: &LuaValue) -> Option<f64> {
    value.as_number().or_else(|| value.as_integer().map(|n| n as f64))
}

/// A Lua value as a move: a whole number.
#[inline]
fn as_move(value: &LuaValue) -> Option<ScriptMove> {
    match *value {
        LuaValue::Integer(n) => Some(n),
        LuaValue::Number(x) => calls::whole_move(x),
        _ => None,
    }
}

/// What is wrong with a list `moves` returned, in words for the script's author.
fn list_problem(problem: ListProblem) -> String {
    match problem {
        ListProblem::TooLong(length) => {
            format!("moves returned a list of {length} moves, more than the {} a position may have", calls::MOST_MOVES)
        }
        ListProblem::NotAMove { index, number, type_name } => {
            let what = number.map_or_else(|| format!("a {type_name}"), |x| format!("{x}"));
            format!("moves returned a list whose entry {index} is {what}, but every move must be a whole number")
        }
    }
}

impl Game for ScriptGame {
    type Move = ScriptMove;

    /// One call into a script may take a tenth of a second (its instruction budget): a thousand nodes between
    /// two looks at the clock would overrun a move's time by minutes and leave a stop request unanswered.
    const NODES_BETWEEN_STOP_CHECKS: u64 = 1;

    #[inline]
    fn turn(&self) -> Turn {
        self.node().turn
    }

    fn generate_moves(&self, moves: &mut Vec<ScriptMove>) {
        if self.terminal_value().is_some() {
            return;
        }
        if self.turn() == Turn::Chance {
            self.with_chances(|outcomes| moves.extend(outcomes.iter().map(|&(outcome, _)| outcome)));
            return;
        }
        let depth = self.depth();
        let start = moves.len();
        let Some(problem) = self.call("moves", |vm| vm.node_calls.moves(&vm.sandbox.lua, depth, moves)) else {
            moves.truncate(start);
            return;
        };
        if let Some(problem) = problem {
            moves.truncate(start);
            self.set_fault(format!("{}: {}", self.script.at("moves"), list_problem(problem)));
            return;
        }
        if self.move_list_checks
            && let Some(problem) = super::move_list::move_list_problem(&moves[start..])
        {
            moves.truncate(start);
            let added = match (problem, self.vm.as_ref()) {
                (ListFault::Twice(mv), Some(vm)) => super::trace::line_adding_twice(&vm.sandbox, &vm.moves, depth, mv),
                _ => None,
            };
            let place =
                added.map_or_else(|| self.script.at("moves").to_owned(), |line| format!("{}:{line}", self.script.file));
            self.set_fault(format!("{place}: {}", problem.words()));
        }
    }

    fn play(&mut self, mv: ScriptMove) {
        let depth = self.depth();
        let parent = *self.node();
        self.history.push(mv);
        // The sibling's `undo` goes with this call (the driver runs it first); any other runs in `call`, before.
        let back = match self.deferred_undo.get() {
            Some((at, back)) if at == depth => {
                self.deferred_undo.set(None);
                Some(back)
            }
            _ => None,
        };
        let answer = self.call("play", |vm| vm.node_calls.play(&vm.sandbox.lua, depth, mv, back));
        let path_hash = mix64(parent.hash ^ splitmix64(mv as u64));
        let node = match answer.map(|a| self.node_from(a, path_hash)) {
            Some(Ok(node)) => node,
            Some(Err(message)) => {
                self.set_fault(message);
                parent
            }
            None => parent,
        };
        self.nodes.push(node);
    }

    fn undo(&mut self, mv: ScriptMove) {
        if self.nodes.len() < 2 {
            return;
        }
        self.nodes.pop();
        self.history.pop();
        if let Some(vm) = self.vm.as_ref().filter(|vm| vm.plays_in_place && !self.faulted()) {
            // One move taken back waits at a time: an earlier one runs now, before this one.
            if self.run_deferred_undo(vm).is_ok() {
                self.deferred_undo.set(Some((self.depth(), mv)));
            }
        }
    }

    #[inline]
    fn terminal_value(&self) -> Option<Value> {
        if self.faulted() {
            return Some(0.0);
        }
        let node = self.node();
        node.result.map(|r| node.turn.sign() * r)
    }

    fn evaluate(&self) -> Value {
        if !self.vm.as_ref().is_some_and(|vm| vm.evaluates) {
            return 0.0;
        }
        let depth = self.depth();
        let Some(value) = self.call("evaluate", |vm| vm.node_calls.evaluate(&vm.sandbox.lua, depth)) else {
            return 0.0;
        };
        let (low, high) = self.script.bounds;
        if !(low..=high).contains(&value) {
            self.set_fault(format!(
                "{}: evaluate returned {value}, outside the bounds {{{low}, {high}}} the script declares",
                self.script.at("evaluate")
            ));
            return 0.0;
        }
        self.turn().sign() * value
    }

    #[inline]
    fn position_hash(&self) -> u64 {
        self.node().hash
    }

    fn history_index(&self, mv: ScriptMove) -> Option<usize> {
        usize::try_from(mv).ok().filter(|&i| i < HISTORY_SLOTS)
    }

    fn probability(&self, outcome: ScriptMove) -> f64 {
        self.with_chances(|outcomes| outcomes.iter().find(|&&(o, _)| o == outcome).map_or(0.0, |&(_, p)| p))
    }

    fn value_bounds(&self) -> (Value, Value) {
        self.script.bounds
    }

    fn fault(&self) -> Option<String> {
        ScriptGame::fault(self).map(|fault| fault.to_string())
    }

    fn move_name(&self, mv: ScriptMove) -> String {
        let depth = self.depth();
        self.call("move_name", |vm| vm.name.call::<String>((depth, mv))).unwrap_or_else(|| mv.to_string())
    }

    /// Plays `mv` if the script lists it here; if the script fails while playing it, the position stays as it was
    /// (when the script returns new positions; one that plays in place may be left broken) and the error is the
    /// script's message.
    fn try_play(&mut self, mv: ScriptMove) -> Result<(), IllegalMove> {
        if let Some(fault) = self.fault() {
            return Err(IllegalMove(fault.to_string()));
        }
        if self.terminal_value().is_some() {
            return Err(IllegalMove("the game is over".into()));
        }
        let mut moves = Vec::new();
        self.generate_moves(&mut moves);
        if let Some(fault) = self.fault() {
            return Err(IllegalMove(fault.to_string()));
        }
        if !moves.contains(&mv) {
            return Err(IllegalMove(format!("{} is not a legal move here", self.move_name(mv))));
        }
        self.play(mv);
        if let Some(fault) = self.fault() {
            if !self.script.defines("undo") {
                self.nodes.pop();
                self.history.pop();
                *self.fault.borrow_mut() = None;
            }
            return Err(IllegalMove(fault.to_string()));
        }
        Ok(())
    }
}

impl Clone for ScriptGame {
    /// A game in a Lua state of its own, brought to the same position by replaying the moves from the start.
    fn clone(&self) -> Self {
        let mut copy = match self.script.new_game() {
            Ok(game) => game,
            Err(error) => ScriptGame {
                script: Arc::clone(&self.script),
                vm: None,
                nodes: self.nodes.clone(),
                history: self.history.clone(),
                next_serial: self.next_serial,
                chances: RefCell::new(Vec::new()),
                fault: RefCell::new(Some(error)),
                drawn: RefCell::new(None),
                move_list_checks: true,
                deferred_undo: Cell::new(None),
            },
        };
        copy.move_list_checks = self.move_list_checks;
        if copy.vm.is_some() {
            for &mv in &self.history {
                copy.play(mv);
            }
        }
        if let Some(fault) = self.fault() {
            copy.set_fault(fault.message);
        }
        copy
    }
}

impl std::fmt::Debug for ScriptGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ScriptGame").field("script", &self.script.file).field("history", &self.history).finish()
    }
}

impl PartialEq for ScriptGame {
    /// The same script (by its text) and the same moves from the start.
    fn eq(&self, other: &Self) -> bool {
        (Arc::ptr_eq(&self.script, &other.script) || self.script == other.script) && self.history == other.history
    }
}

impl Eq for ScriptGame {}

impl GameInfo for ScriptGame {
    /// The script's result: a positive score is a win for the first player, a negative one for the second.
    fn outcome(&self) -> Option<Outcome> {
        use crate::engine::game::Side;
        let result = self.node().result.filter(|_| !self.faulted())?;
        Some(if result > 0.0 {
            Outcome::Win(Side::Max)
        } else if result < 0.0 {
            Outcome::Win(Side::Min)
        } else {
            Outcome::Draw
        })
    }

    fn moves_played(&self) -> usize {
        self.history.len()
    }

    fn side_names(&self) -> [&str; 2] {
        [&self.script.sides[0], &self.script.sides[1]]
    }

    fn has_chance(&self) -> bool {
        self.script.defines("chances")
    }
}

impl Playable for ScriptGame {
    fn encode(mv: ScriptMove) -> AnyMove {
        mv as AnyMove
    }

    fn decode(mv: AnyMove) -> Option<ScriptMove> {
        Some(mv as ScriptMove)
    }

    /// At a chance turn, the side whose decision led to it (Pig's roller rolls on its own die); before any
    /// decision, the first side.
    fn side_to_move(&self) -> crate::engine::game::Side {
        // `nodes` ends with the position itself; before it, the positions the line passed through.
        self.nodes.iter().rev().find_map(|node| node.turn.side()).unwrap_or(crate::engine::game::Side::Max)
    }
}

#[cfg(test)]
mod tests {
    use super::{Script, ScriptGame};
    use crate::engine::game::Game;

    /// A pile that grows by 1 or 2 a move until it holds 4 or more, played in place; `move_name` shows the pile,
    /// so a test can see which position the script is at. `undo` fails when `BROKEN` is set.
    const PILE: &str = r#"
        id = "pile"; name = "Pile"; sides = {"A", "B"}; bounds = {-1, 1}
        BROKEN = false
        function start() return { n = 0, plies = 0 } end
        function turn(s) return s.plies % 2 + 1 end
        function moves(s) return {1, 2} end
        function play(s, m) s.n = s.n + m; s.plies = s.plies + 1 end
        function undo(s, m)
          if BROKEN then error("cannot take back " .. m) end
          s.n = s.n - m; s.plies = s.plies - 1
        end
        function result(s) if s.n >= 4 then return 0 end end
        function key(s) return s.n * 16 + s.plies end
        function move_name(s, m) return s.n .. "+" .. m end
    "#;

    fn pile(text: &str) -> ScriptGame {
        let script = Script::from_source("games/pile.lua", "pile", text.to_owned()).expect("loads");
        script.new_game().expect("starts")
    }

    fn calls(game: &ScriptGame) -> u64 {
        game.vm.as_ref().expect("a Lua state").sandbox.calls()
    }

    /// Taking a move back runs the script's `undo` with the next call, in it when that call plays the sibling:
    /// a search pays one call per move, not two, and the script always answers for the position the game is at.
    #[test]
    fn a_move_taken_back_is_undone_by_the_next_call_with_the_sibling_s_play_in_one() {
        let mut game = pile(PILE);
        let start = calls(&game);
        game.play(1);
        game.undo(1);
        assert_eq!(calls(&game) - start, 1, "taking back made no call");
        game.play(2);
        assert_eq!(calls(&game) - start, 2, "the undo went with the sibling's play");
        assert_eq!(game.move_name(1), "2+1", "the pile after 2 alone");
        game.play(2);
        game.undo(2);
        game.undo(2);
        assert_eq!(game.move_name(2), "0+2", "both moves taken back before the script answered");
        // Counts by play and undo equal those of the same pile played into new tables.
        let copying = PILE.replace("function undo", "function take_back").replace(
            "function play(s, m) s.n = s.n + m; s.plies = s.plies + 1 end",
            "function play(s, m) return { n = s.n + m, plies = s.plies + 1 } end",
        );
        for depth in 1..=5 {
            assert_eq!(crate::games::perft(&mut game, depth), crate::games::perft(&mut pile(&copying), depth));
        }
        assert!(crate::games::perft(&mut game, 5) > 0);
        assert!(game.fault().is_none());
    }

    /// A list of moves is read entry by entry up to a bound: one whose length says more is refused, with the
    /// line of `moves`, before a single entry is read.
    #[test]
    fn a_list_longer_than_a_position_may_have_is_refused() {
        let endless = PILE.replace(
            "function moves(s) return {1, 2} end",
            "function moves(s) return setmetatable({}, { __len = function() return 2000000 end, __index = \
             function() return 1 end }) end",
        );
        let game = pile(&endless);
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        assert!(moves.is_empty());
        let fault = game.fault().expect("refused").message;
        assert!(fault.contains("games/pile.lua:") && fault.contains("list of 2000000 moves, more than the 1000000"));
    }

    /// A list of moves with a metatable is read through its `__len` and `__index`, as `table.unpack` reads it, and
    /// an error raised there, or any error object a call raises (a table with `__tostring`, a number), faults the
    /// game with the script's own words.
    #[test]
    fn lists_with_metamethods_are_read_through_them_and_any_error_object_faults_the_game_in_its_words() {
        let through_metamethods = PILE.replace(
            "function moves(s) return {1, 2} end",
            "function moves(s) return setmetatable({}, { __len = function() return 3 end, __index = \
             function(_, i) return 10 * i end }) end",
        );
        let mut moves = Vec::new();
        pile(&through_metamethods).generate_moves(&mut moves);
        assert_eq!(moves, [10, 20, 30]);
        let cases = [
            ("setmetatable({}, { __len = function() error('no length here') end })", "no length here"),
            (
                "setmetatable({}, { __len = function() return 2 end, __index = function() error('no entry') end })",
                "no entry",
            ),
            (
                "error(setmetatable({}, { __tostring = function() return 'a table that says why' end }))",
                "a table that says why",
            ),
            ("error(42)", "42"),
        ];
        for (list, words) in cases {
            let game = pile(&PILE.replace("return {1, 2}", &format!("return {list}")));
            let mut moves = Vec::new();
            game.generate_moves(&mut moves);
            assert!(moves.is_empty(), "{list}");
            let fault = game.fault().expect("faulted").message;
            assert!(fault.contains(words), "{list}: {fault}");
        }
    }

    /// An `undo` that fails when it finally runs faults the game with its own message, whichever call runs it.
    #[test]
    fn a_deferred_undo_that_fails_faults_the_game_with_its_message() {
        let broken = PILE.replace("BROKEN = false", "BROKEN = true");
        let mut game = pile(&broken);
        game.play(1);
        game.undo(1);
        assert!(game.fault().is_none(), "not run yet");
        game.play(2);
        let fault = game.fault().expect("the undo ran with the play").message;
        assert!(fault.contains("games/pile.lua:") && fault.contains("cannot take back 1"), "{fault}");
        let mut game = pile(&broken);
        game.play(2);
        game.undo(2);
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        assert!(moves.is_empty());
        let fault = game.fault().expect("the undo ran before the moves").message;
        assert!(fault.contains("cannot take back 2"), "{fault}");
    }
}
