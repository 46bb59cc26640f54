//! Editing the tree on the canvas: the selected node, the edits of [`crate::tree::edit`] applied to it, the
//! in-place text field, the clipboard, and undo and redo.
//!
//! Undo keeps whole trees, shared, not copied: simple, and always right whatever the edit was. Every change of the
//! tree records the tree it replaces: an edit or a reordering when the worker has made it (`TreeLab::edited`),
//! an opened file or an example through `TreeLab::replace_tree`, typed or pasted notation as it is parsed.

use super::{Action, TreeLab};
use crate::tree::edit::{self, Edited};
use crate::tree::model::{Node, NodeKind, Tree};
use crate::tree::notation;
use eframe::egui;
use std::sync::Arc;

/// How many trees undo remembers: enough for a session's editing.
const UNDO_LIMIT: usize = 200;
/// How many nodes, all remembered trees together, undo keeps: about 200 MB at most. A generated tree can have
/// 100,000 nodes, and 200 of those would not fit in memory; the oldest go first.
const UNDO_NODE_LIMIT: usize = 2_000_000;

/// The editor's state, beside the tree itself.
#[derive(Default)]
pub struct Editor {
    /// The selected node's path, if any.
    pub selected: Option<Vec<usize>>,
    /// The trees before, oldest first, with their node counts (so trimming the list does not walk every tree).
    undo: Vec<(Arc<Tree>, usize)>,
    redo: Vec<Arc<Tree>>,
    /// The last copied subtree, for pasting when the system clipboard holds no tree.
    clipboard: Option<Node>,
    /// Why the last edit was refused, or what the last command did.
    pub message: Option<Message>,
    /// The text field open on the canvas, if any.
    pub inline: Option<Inline>,
    /// Whether the lab's help is shown.
    pub help_open: bool,
    /// Text to put on the system clipboard after this frame's actions.
    pub to_clipboard: Option<String>,
    /// True while the notation is being typed and its first change is recorded: the rest of the burst is one
    /// undo step, not one per key.
    pub typing: bool,
}

/// A line under the node bar: an error (an edit refused) or a note.
#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    /// An edit refused, and why.
    Error(String),
    /// What a command did.
    Note(String),
}

/// What the in-place field edits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// A leaf's value.
    Value,
    /// A node's label.
    Label,
    /// A chance node's probabilities, one a child.
    Probabilities,
}

/// The text field open on a node of the canvas.
#[derive(Clone, Debug, PartialEq)]
pub struct Inline {
    /// The node's path.
    pub path: Vec<usize>,
    /// What is edited.
    pub field: Field,
    /// The text typed so far.
    pub text: String,
    /// False until the field has been given the keyboard focus once.
    pub focused: bool,
}

/// An edit of the selected node.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// Give the node a new last child (a leaf).
    AddChild,
    /// Put a new node between the node and its parent.
    InsertParent,
    /// Remove the node and its subtree.
    Delete,
    /// Move among the siblings: −1 left, +1 right.
    Move(isize),
    /// The next kind in the cycle unmarked (the notation's default) → MAX → MIN → chance → unmarked.
    CycleKind,
    /// This kind, or unmarked (`None`: the notation's default for its place).
    SetKind(Option<NodeKind>),
    /// The committed text of the in-place field.
    Commit(Field, String),
    /// Paste: the system clipboard's text if it is a tree, else the last copied subtree.
    Paste(Option<String>),
    /// Move the selected subtree to become child `index` of the node at `parent` (a drag and drop on the canvas).
    MoveTo {
        /// The new parent's path.
        parent: Vec<usize>,
        /// The place among its children.
        index: usize,
    },
}

impl TreeLab {
    /// The selected node's path.
    pub fn selected(&self) -> Option<&[usize]> {
        self.editor.selected.as_deref()
    }

    /// The tree as the model holds it (the last valid one).
    pub fn tree(&self) -> Option<&Tree> {
        self.tree.as_deref()
    }

    /// Where the node at `path` was drawn in the last frame, in screen points.
    pub fn node_position(&self, path: &[usize]) -> Option<egui::Pos2> {
        super::canvas::position(self, path)
    }

    /// Where the edge above the node at `path` was drawn in the last frame (its middle), in screen points.
    pub fn edge_position(&self, path: &[usize]) -> Option<egui::Pos2> {
        super::canvas::edge_position(self, path)
    }

    /// Why the last edit was refused, if it was.
    pub fn edit_error(&self) -> Option<&str> {
        match &self.editor.message {
            Some(Message::Error(e)) => Some(e),
            _ => None,
        }
    }

    /// True when an edit can be taken back.
    pub fn can_undo(&self) -> bool {
        !self.editor.undo.is_empty()
    }

    /// True when an edit taken back can be made again.
    pub fn can_redo(&self) -> bool {
        !self.editor.redo.is_empty()
    }

    /// Shows `tree` (an opened file, an example) in place of the current one, undoably, and has the worker print
    /// it into the notation panel, with an empty quiz. A tree that is not valid leaves everything as it was, with
    /// the reason as the error.
    pub(super) fn replace_tree(&mut self, tree: Tree) {
        if self.tree.as_deref() == Some(&tree) {
            return;
        }
        let old = self.tree.clone();
        if self.show_tree(tree, false, true) {
            self.remember(old);
            self.new_quiz();
        }
    }

    /// Records the tree just replaced, for undo; true if it differed from the current one.
    pub(super) fn remember(&mut self, old: Option<Arc<Tree>>) -> bool {
        self.editor.typing = false;
        let Some(old) = old else { return false };
        if self.tree.as_ref().is_some_and(|tree| Arc::ptr_eq(tree, &old) || tree == &old) {
            return false;
        }
        let nodes = old.root.node_count();
        self.editor.undo.push((old, nodes));
        let mut total: usize = self.editor.undo.iter().map(|&(_, n)| n).sum();
        while self.editor.undo.len() > 1 && (self.editor.undo.len() > UNDO_LIMIT || total > UNDO_NODE_LIMIT) {
            let (oldest, n) = self.editor.undo.remove(0);
            total -= n;
            super::worker::drop_later(oldest, n > super::worker::INLINE_NODES as usize);
        }
        for tree in std::mem::take(&mut self.editor.redo) {
            let large = tree.root.node_count() > super::worker::INLINE_NODES as usize;
            super::worker::drop_later(tree, large);
        }
        true
    }

    pub(super) fn undo(&mut self) {
        let Some((tree, _)) = self.editor.undo.pop() else { return };
        if let Some(current) = self.tree.clone() {
            self.editor.redo.push(current);
        }
        self.restore(tree, "undone");
    }

    pub(super) fn redo(&mut self) {
        let Some(tree) = self.editor.redo.pop() else { return };
        if let Some(current) = self.tree.clone() {
            let nodes = current.root.node_count();
            self.editor.undo.push((current, nodes));
        }
        self.restore(tree, "redone");
    }

    fn restore(&mut self, tree: Arc<Tree>, what: &str) {
        self.editor.typing = false;
        self.editor.inline = None;
        self.show_shared(tree, true);
        self.editor.message = Some(Message::Note(format!("{what}: {} more to undo", self.editor.undo.len())));
    }

    /// Keeps the selection only where a node still is.
    pub(super) fn check_selection(&mut self) {
        let exists = |path: &Vec<usize>| self.tree.as_ref().is_some_and(|t| t.node_at(path).is_some());
        if !self.editor.selected.as_ref().is_some_and(exists) {
            self.editor.selected = None;
        }
    }

    pub(super) fn copy_selected(&mut self) {
        let (Some(tree), Some(path)) = (&self.tree, &self.editor.selected) else {
            self.editor.message = Some(Message::Error("Select a node to copy.".into()));
            return;
        };
        let Some(node) = edit::copy(tree, path) else { return };
        // Also as notation on the system clipboard, so the subtree can be pasted into a course's notes.
        self.editor.to_clipboard = Some(notation::print(&Tree::new(node.clone())));
        self.editor.message = Some(Message::Note(format!("copied {} nodes", node.node_count())));
        self.editor.clipboard = Some(node);
    }

    /// Opens the in-place field on the selected node, filled with what it edits now.
    pub(super) fn start_inline(&mut self, field: Option<Field>) {
        let (Some(tree), Some(path)) = (&self.tree, &self.editor.selected) else { return };
        let Some(node) = tree.node_at(path) else { return };
        // Enter edits what a node has most: a leaf's value, a chance node's odds, any other node's label.
        let field = field.unwrap_or(if node.is_leaf() {
            Field::Value
        } else if node.marked_kind() == Some(NodeKind::Chance) {
            Field::Probabilities
        } else {
            Field::Label
        });
        let text = match field {
            Field::Value => match node.body {
                crate::tree::model::Body::Leaf(v) => super::replay::fmt_value(v).replace('−', "-"),
                _ => {
                    self.editor.message = Some(Message::Error("Only a leaf has a value.".into()));
                    return;
                }
            },
            Field::Label => node.label.clone().unwrap_or_default(),
            Field::Probabilities => {
                if node.marked_kind() != Some(NodeKind::Chance) {
                    self.editor.message = Some(Message::Error("Only a chance node's children have odds.".into()));
                    return;
                }
                let p = crate::tree::model::chance_probabilities(node);
                p.iter().map(|p| format!("{}", (p * 1e6).round() / 1e6)).collect::<Vec<_>>().join(" ")
            }
        };
        self.editor.inline = Some(Inline { path: path.clone(), field, text, focused: false });
    }

    /// Makes an edit of the selected node. The copy, the edit and its check run on the worker (at once for a
    /// small tree): the tree, the selection and the notation change when [`super::worker::Report::Edited`]
    /// arrives, and a refusal shows its reason. Until then further edits wait (see [`TreeLab::apply`]).
    pub(super) fn apply_edit(&mut self, change: Edit) {
        let Some(tree) = self.tree.clone() else { return };
        let Some(path) = self.editor.selected.clone() else {
            self.editor.message = Some(Message::Error("Select a node first: click it on the canvas.".into()));
            return;
        };
        let clipboard = matches!(change, Edit::Paste(_)).then(|| self.editor.clipboard.clone()).flatten();
        let edit = move |tree: &Tree| -> Result<Edited, String> {
            match change {
                Edit::AddChild => edit::add_child(tree, &path),
                Edit::InsertParent => edit::insert_parent(tree, &path),
                Edit::Delete => edit::delete(tree, &path),
                Edit::Move(by) => edit::move_child(tree, &path, by),
                Edit::CycleKind => {
                    let kind = tree.node_at(&path).and_then(Node::marked_kind);
                    edit::set_kind(tree, &path, edit::next_kind(kind))
                }
                Edit::SetKind(kind) => edit::set_kind(tree, &path, kind),
                Edit::Commit(Field::Value, text) => {
                    edit::parse_value(&text).and_then(|v| edit::set_value(tree, &path, v))
                }
                Edit::Commit(Field::Label, text) => edit::set_label(tree, &path, Some(&text)),
                Edit::Commit(Field::Probabilities, text) => {
                    edit::parse_probabilities(&text).and_then(|p| edit::set_probabilities(tree, &path, &p))
                }
                Edit::MoveTo { parent, index } => edit::move_subtree(tree, &path, &parent, index),
                Edit::Paste(text) => {
                    let from_system = text.and_then(|t| notation::parse(&t).ok()).map(|t| t.root);
                    match from_system.or(clipboard) {
                        Some(node) => edit::paste(tree, &path, &node),
                        None => Err("nothing to paste: copy a node (Ctrl+C) or a tree's notation first".into()),
                    }
                }
            }
        };
        self.editor.message = None;
        self.submit_change(tree, Box::new(move |tree| edit(tree).map(|e| (e.tree, Some(e.selection)))));
    }

    /// Takes in an edit the worker made: the tree replaces the current one, undoably.
    pub(super) fn edited(&mut self, tree: Arc<Tree>, selection: Option<Vec<usize>>) {
        self.change_pending = false;
        let old = self.tree.replace(tree);
        self.editor.selected = selection;
        self.error = None;
        self.playing = false;
        self.scrolled_row = None;
        self.check_selection();
        self.remember(old);
    }

    /// An edit the worker refused: the tree stays as it was, and the reason is shown.
    pub(super) fn refused(&mut self, reason: String) {
        self.change_pending = false;
        self.shape_pending = false;
        self.text_pending = false;
        self.editor.message = Some(Message::Error(format!("Edit refused: {reason}")));
    }

    /// The node an Alt+arrow moves the selection to: ↑ the parent, ↓ the first child, ← → the siblings. With
    /// nothing selected, any of them selects the root.
    fn neighbour(&self, key: egui::Key) -> Option<Vec<usize>> {
        let tree = self.tree.as_ref()?;
        let Some(mut path) = self.editor.selected.clone() else { return Some(Vec::new()) };
        match key {
            egui::Key::ArrowUp => {
                path.pop()?;
            }
            egui::Key::ArrowDown => path.push(0),
            egui::Key::ArrowLeft => *path.last_mut()? = path.last()?.checked_sub(1)?,
            _ => *path.last_mut()? += 1,
        }
        tree.node_at(&path).is_some().then_some(path)
    }

    /// The editing shortcuts (see [`super::help::SHORTCUTS`]). Called only when no text field has the keyboard.
    pub(super) fn edit_keys(&mut self, ui: &egui::Ui) {
        use egui::{Event, Key};
        let events = ui.input(|i| i.events.clone());
        for event in events {
            let action = match event {
                // The window turns Ctrl+C and Ctrl+V into these (a headless test sends the keys instead).
                Event::Copy => Some(Action::Copy),
                Event::Paste(text) => Some(Action::Edit(Edit::Paste(Some(text)))),
                Event::Text(text) if text == "?" => Some(Action::ToggleHelp),
                Event::Key { key, pressed: true, modifiers, .. } => {
                    let command = modifiers.command;
                    match key {
                        Key::Z if command && modifiers.shift => Some(Action::Redo),
                        Key::Z if command => Some(Action::Undo),
                        Key::Y if command => Some(Action::Redo),
                        Key::C if command => Some(Action::Copy),
                        Key::V if command => Some(Action::Edit(Edit::Paste(None))),
                        Key::ArrowUp | Key::ArrowDown | Key::ArrowLeft | Key::ArrowRight if modifiers.alt => {
                            self.neighbour(key).map(|path| Action::Select(Some(path)))
                        }
                        _ if command || modifiers.alt => None,
                        Key::A => Some(Action::Edit(Edit::AddChild)),
                        Key::P => Some(Action::Edit(Edit::InsertParent)),
                        Key::Delete | Key::Backspace => Some(Action::Edit(Edit::Delete)),
                        Key::OpenBracket => Some(Action::Edit(Edit::Move(-1))),
                        Key::CloseBracket => Some(Action::Edit(Edit::Move(1))),
                        Key::K => Some(Action::Edit(Edit::CycleKind)),
                        Key::C => self.editor.selected.clone().map(Action::ToggleCollapse),
                        Key::Enter => Some(Action::StartInline(None)),
                        Key::L => Some(Action::StartInline(Some(Field::Label))),
                        Key::O => Some(Action::StartInline(Some(Field::Probabilities))),
                        Key::Escape => Some(Action::Select(None)),
                        Key::F1 => Some(Action::ToggleHelp),
                        Key::X if self.quiz.on => self.editor.selected.clone().map(Action::QuizTogglePruned),
                        _ => None,
                    }
                }
                _ => None,
            };
            self.actions.extend(action);
        }
    }
}
