//! The README's command-line examples: every `$ securepay …` (or `$ echo '…' | securepay …`)
//! line of its "Command line" section runs, and prints the line written under it.

use crate::common;

use common::cli::run;

/// The examples of the README's "Command line" section: (arguments, standard input, output).
fn examples() -> Vec<(Vec<String>, String, String)> {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"))
        .expect("the README");
    let section = readme
        .split("\n## Command line\n")
        .nth(1)
        .expect("a Command line section");
    let section = section.split("\n## ").next().unwrap();
    let mut examples = Vec::new();
    let mut lines = section.lines().peekable();
    while let Some(line) = lines.next() {
        let Some(command) = line.strip_prefix("$ ") else {
            continue;
        };
        let (stdin, command) = match command.strip_prefix("echo '") {
            Some(rest) => {
                let (text, command) = rest.split_once("' | ").expect("echo '…' | securepay");
                (format!("{text}\n"), command)
            }
            None => (String::new(), command),
        };
        let args = command
            .strip_prefix("securepay ")
            .expect("a securepay command")
            .split_whitespace()
            .map(str::to_owned)
            .collect();
        let output = lines
            .next()
            .expect("the output under the command")
            .to_owned();
        examples.push((args, stdin, output));
    }
    examples
}

#[test]
fn every_readme_example_prints_what_the_readme_shows() {
    let examples = examples();
    assert!(examples.len() >= 7, "{examples:?}");
    for (args, stdin, expected) in examples {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = run(&args, stdin.as_bytes(), &[]);
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert_eq!(stdout.trim_end(), expected, "securepay {}", args.join(" "));
    }
}
