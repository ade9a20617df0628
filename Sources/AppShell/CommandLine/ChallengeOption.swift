import CommandLineKit
import Core

/// A command-line option a challenge declares (`--articles-url URL`): it sets one of the
/// challenge's configuration keys for this run. `LaunchInterface` lists it after `--server`,
/// `LaunchArguments` checks it, `AppEnvironment.Inputs.read` applies it.
struct ChallengeOption: Sendable {
    let declaration: OptionDeclaration
    /// The backend it means something with; given with the other, the command line is refused
    /// ("--articles-url is only used with --backend http"). nil: either.
    let backend: BackendKind?
    /// Checks the value as the command line is read; returns it as it is kept.
    let check: @Sendable (String) throws(UsageError) -> String
    /// Lays the value over the configuration.
    let apply: @Sendable (String, inout AppConfiguration) throws(LaunchError) -> Void

    var flag: String { declaration.name }
}
