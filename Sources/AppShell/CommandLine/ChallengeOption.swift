import CommandLineKit
import Core

/// A command-line option a challenge declares (`--articles-url URL`): it sets one of the
/// challenge's configuration keys for this run. `LaunchInterface` lists it after `--server`,
/// `LaunchArguments` checks it, `AppEnvironment.Inputs.read` applies it.
package struct ChallengeOption: Sendable {
    package let declaration: OptionDeclaration
    /// The backend it means something with; given with the other, the command line is refused
    /// ("--articles-url is only used with --backend http"). nil: either.
    package let backend: BackendKind?
    /// Checks the value as the command line is read; returns it as it is kept.
    package let check: @Sendable (String) throws(UsageError) -> String
    /// Lays the value over the configuration.
    package let apply: @Sendable (String, inout AppConfiguration) throws(LaunchError) -> Void

    package var flag: String { declaration.name }

    package init(declaration: OptionDeclaration, backend: BackendKind?, check: @escaping @Sendable (String) throws(UsageError) -> String, apply: @escaping @Sendable (String, inout AppConfiguration) throws(LaunchError) -> Void) {
        self.declaration = declaration
        self.backend = backend
        self.check = check
        self.apply = apply
    }
}
