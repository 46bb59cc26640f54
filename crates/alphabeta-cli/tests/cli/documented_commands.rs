//! Every sample output docs/cli.md marks with `<!-- sample: … -->` is what the command shown prints.
//!
//! A sample is the fenced block right after its mark: the first line `$ <command>`, the rest the command's standard
//! output. The command runs through `sh` in the repository's root with the headless binary first on the `PATH`
//! under the studio's name (both answer the same subcommands), as a reader would type it there. A `deterministic` sample must match line for line, where a line `…` stands for any
//! number of lines left out. A `times vary` sample is compared word by word: a number with a decimal point, and the
//! number after `time` or `nps` (uci's clock), match any number, and the `max` of uci's `Threads` option is the
//! machine's cores. A sample whose output starts with `{` is compared as JSON values (the page indents what the
//! command prints on one line), without the fields named `seconds` or `…_seconds` under `times vary`. `exit status
//! N` in the mark is the status the command must end with (0 otherwise).

use std::process::Command;

const PAGE: &str = "docs/cli.md";
const MARK: &str = "<!-- sample: ";

/// The samples the page marks today: a mark lost in an edit fails the test instead of going unchecked.
const SAMPLES: usize = 12;

struct Sample {
    line: usize,
    deterministic: bool,
    json: bool,
    status: i32,
    command: String,
    expected: Vec<String>,
}

fn samples(page: &str) -> Vec<Sample> {
    let lines: Vec<&str> = page.lines().collect();
    let mut samples = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let Some(mark) = line.trim().strip_prefix(MARK).and_then(|rest| rest.strip_suffix(" -->")) else {
            continue;
        };
        let here = index + 1;
        let deterministic = match mark.split(", ").next() {
            Some("deterministic") => true,
            Some("times vary") => false,
            other => panic!("{PAGE}:{here}: unknown sample kind {other:?}"),
        };
        let status = mark
            .split(", ")
            .find_map(|part| part.strip_prefix("exit status "))
            .map_or(0, |code| code.parse().unwrap_or_else(|_| panic!("{PAGE}:{here}: bad exit status {code:?}")));
        let fence = lines.get(index + 1).unwrap_or_else(|| panic!("{PAGE}:{here}: a mark with no block after it"));
        assert!(fence.starts_with("```"), "{PAGE}:{here}: the mark must precede a fence");
        let body: Vec<&str> = lines[index + 2..].iter().take_while(|l| !l.starts_with("```")).copied().collect();
        let (first, output) = body.split_first().unwrap_or_else(|| panic!("{PAGE}:{here}: an empty sample"));
        let command = first.strip_prefix("$ ").unwrap_or_else(|| panic!("{PAGE}:{here}: no `$ command` line"));
        samples.push(Sample {
            line: here,
            deterministic,
            json: output.first().is_some_and(|l| l.starts_with('{')),
            status,
            command: command.to_string(),
            expected: output.iter().map(|l| l.to_string()).collect(),
        });
    }
    samples
}

/// Lines of `expected` against `actual`, a line `…` matching any run of lines (none included).
fn lines_match(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "…" => (0..=actual.len()).any(|skip| lines_match(rest, &actual[skip..])),
        Some((first, rest)) => {
            actual.split_first().is_some_and(|(line, more)| line == first && lines_match(rest, more))
        }
    }
}

fn decimal(word: &str) -> bool {
    let digits = word.trim_start_matches(['+', '-']);
    digits.contains('.') && digits.chars().all(|c| c.is_ascii_digit() || c == '.') && digits.parse::<f64>().is_ok()
}

/// The words of a sample whose times vary, each varying one replaced by `#`.
fn masked(text: &str, cores: usize) -> Vec<Vec<String>> {
    text.lines()
        .map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let threads = line.starts_with("option name Threads ");
            words
                .iter()
                .enumerate()
                .map(|(i, word)| {
                    let after = |name: &str| i > 0 && words[i - 1] == name;
                    if decimal(word) || after("time") || after("nps") {
                        "#".to_string()
                    } else if threads && after("max") {
                        // The sample was taken on a machine of its own: uci offers as many threads as there are cores.
                        if word.parse::<usize>().is_ok() { cores.to_string() } else { word.to_string() }
                    } else {
                        word.to_string()
                    }
                })
                .collect()
        })
        .collect()
}

fn without_times(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(fields) => {
            fields.retain(|name, _| name != "seconds" && !name.ends_with("_seconds"));
            fields.values_mut().for_each(without_times);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(without_times),
        _ => {}
    }
}

/// Why the command's output is not the sample, or `None` when it is.
fn difference(sample: &Sample, stdout: &str, cores: usize) -> Option<String> {
    let expected = sample.expected.join("\n");
    if sample.json {
        let parse = |text: &str, whose: &str| {
            serde_json::from_str::<serde_json::Value>(text).map_err(|e| format!("{whose} is not JSON: {e}"))
        };
        let (mut want, mut got) = match (parse(&expected, "the sample"), parse(stdout, "the output")) {
            (Ok(want), Ok(got)) => (want, got),
            (Err(e), _) | (_, Err(e)) => return Some(e),
        };
        if !sample.deterministic {
            without_times(&mut want);
            without_times(&mut got);
        }
        return (want != got).then(|| format!("JSON differs: the output is\n{got:#}"));
    }
    let same = if sample.deterministic {
        lines_match(&sample.expected, &stdout.lines().collect::<Vec<_>>())
    } else {
        masked(&expected, cores) == masked(stdout, cores)
    };
    (!same).then(|| "the output differs".to_string())
}

#[test]
fn documented_commands_print_the_samples_shown() {
    let root = alphabeta_core::files::repository_folder("");
    let page = std::fs::read_to_string(root.join(PAGE)).expect("the page reads");
    let samples = samples(&page);
    assert_eq!(samples.len(), SAMPLES, "the marked samples of {PAGE}");
    let folder = tempfile::tempdir().expect("a folder for the binary's link");
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_alphabeta"), folder.path().join("alphabeta-studio"))
        .expect("the link is made");
    let path = std::env::join_paths(
        std::iter::once(folder.path().to_path_buf())
            .chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())),
    )
    .expect("a PATH");
    let cores = std::thread::available_parallelism().map_or(1, usize::from).min(256);
    let mut failures = Vec::new();
    for sample in &samples {
        assert!(sample.command.contains("alphabeta-studio "), "{PAGE}:{}: {}", sample.line, sample.command);
        let out = Command::new("sh")
            .arg("-c")
            .arg(&sample.command)
            .current_dir(&root)
            .env("PATH", &path)
            .env_remove("ALPHABETA_STUDIO_GAMES")
            .output()
            .expect("sh runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        if out.status.code() != Some(sample.status) {
            failures.push(format!(
                "{PAGE}:{}: `{}` ended with {:?}, not {}: {stderr}",
                sample.line,
                sample.command,
                out.status.code(),
                sample.status
            ));
        } else if let Some(why) = difference(sample, &stdout, cores) {
            failures.push(format!("{PAGE}:{}: `{}`: {why}:\n{stdout}", sample.line, sample.command));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn an_elision_matches_any_run_of_lines_and_nothing_else() {
    let expected: Vec<String> = ["a", "…", "d"].map(String::from).into();
    assert!(lines_match(&expected, &["a", "d"]));
    assert!(lines_match(&expected, &["a", "b", "c", "d"]));
    assert!(!lines_match(&expected, &["a", "b", "c"]));
    assert!(!lines_match(&expected, &["x", "d"]));
    assert!(!lines_match(&["a".to_string()], &["a", "b"]));
}

#[test]
fn only_times_and_the_cores_are_masked() {
    assert_eq!(masked("info depth 5 nps 1936736 time 2 pv g1f3", 4), masked("info depth 5 nps 7 time 99 pv g1f3", 4));
    assert_ne!(masked("info depth 5 nodes 4673", 4), masked("info depth 5 nodes 4674", 4));
    assert_eq!(masked("costs +3.3 % against", 4), masked("costs -48.1 % against", 4));
    assert_eq!(
        masked("option name Threads type spin default 1 min 1 max 2", 4),
        masked("option name Threads type spin default 1 min 1 max 4", 4)
    );
    assert_ne!(masked("option name Hash type spin max 4096", 4), masked("option name Hash type spin max 4", 4));
}
