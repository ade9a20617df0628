import CommandLineKit
import Core

/// `challenge-server --help`, made from `ServerInterface`.
public enum Usage {
    public static var text: String { HelpText.render(ServerInterface.interface) }
}
