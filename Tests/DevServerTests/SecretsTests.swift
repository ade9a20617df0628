import Contract
import Foundation
import Testing
@testable import DevServer

/// The secrets: beyond loopback the JWT secret must be one's own, and both secrets can come
/// from the environment instead of the command line (where `ps` shows them).
@Suite(.timeLimit(.minutes(10))) struct SecretsTests {
    func parse(_ arguments: [String], environment: [String: String] = [:]) -> Result<ServerCommand, ServerCommand.UsageError> {
        ServerCommand.parse(arguments, environment: environment)
    }

    @Test(arguments: ["0.0.0.0", "192.168.1.20"])
    func anotherHostThanLoopbackIsRefusedWithTheDefaultSecret(host: String) {
        guard case .failure(let error) = parse(["--host", host]) else { Issue.record("accepted"); return }
        #expect(error.message == "--host \(host) lets other machines in, so the JWT secret must be your own: give --jwt-secret S or set CHALLENGE_SERVER_JWT_SECRET (the default secret is public)")
        // Naming the default secret explicitly is no better.
        guard case .failure = parse(["--host", host, "--jwt-secret", DevToken.defaultSecret]) else { Issue.record("accepted"); return }
    }

    @Test func anotherHostIsAcceptedWithAnOwnSecretFromEitherSource() throws {
        guard case .success(.serve(let fromOption)) = parse(["--host", "0.0.0.0", "--jwt-secret", "mine"]) else { Issue.record("refused"); return }
        #expect(fromOption.jwtSecret == "mine")
        guard case .success(.serve(let fromEnvironment)) = parse(["--host", "0.0.0.0"], environment: ["CHALLENGE_SERVER_JWT_SECRET": "env"]) else {
            Issue.record("refused"); return
        }
        #expect(fromEnvironment.jwtSecret == "env")
        #expect(fromEnvironment.host == "0.0.0.0")
    }

    @Test func loopbackNeedsNoSecret() {
        for host in ["127.0.0.1", "127.0.0.2", "localhost"] {
            guard case .success(.serve(let configuration)) = parse(["--host", host]) else { Issue.record("\(host) refused"); continue }
            #expect(configuration.jwtSecret == DevToken.defaultSecret)
        }
    }

    @Test func theEnvironmentSetsBothSecretsAndTheCommandLineWins() {
        let environment = ["CHALLENGE_SERVER_JWT_SECRET": "env-secret", "CHALLENGE_SERVER_PASSWORD": "env-password"]
        guard case .success(.serve(let fromEnvironment)) = parse([], environment: environment) else { Issue.record("refused"); return }
        #expect(fromEnvironment.jwtSecret == "env-secret")
        #expect(fromEnvironment.password == "env-password")
        guard case .success(.serve(let overridden)) = parse(["--jwt-secret", "cli", "--password", "cli-pw"], environment: environment) else {
            Issue.record("refused"); return
        }
        #expect(overridden.jwtSecret == "cli")
        #expect(overridden.password == "cli-pw")
        #expect(parse(["--print-token"], environment: environment) == .success(.printToken(secret: "env-secret")))
    }

    @Test func anEmptySecretVariableIsAnError() {
        guard case .failure(let error) = parse([], environment: ["CHALLENGE_SERVER_PASSWORD": ""]) else { Issue.record("accepted"); return }
        #expect(error.message == "CHALLENGE_SERVER_PASSWORD is set but empty; unset it or give a password")
        guard case .failure = parse([], environment: ["CHALLENGE_SERVER_JWT_SECRET": ""]) else { Issue.record("accepted"); return }
    }

    @Test func theRefusalExits2WithTheReason() {
        let plan = ServerMain.plan(arguments: ["--host", "0.0.0.0"], articlesJSON: testArticlesJSON) { _ in Data() }
        guard case .exit(2, "", let message) = plan else { Issue.record("not exit 2: \(plan)"); return }
        #expect(message.hasPrefix("challenge-server: --host 0.0.0.0 lets other machines in"))
        let allowed = ServerMain.plan(arguments: ["--host", "0.0.0.0"], environment: ["CHALLENGE_SERVER_JWT_SECRET": "x"],
                                      articlesJSON: testArticlesJSON) { _ in Data() }
        guard case .serve = allowed else { Issue.record("refused: \(allowed)"); return }
    }

    @Test func theUsageNamesTheVariablesAndTheRule() {
        #expect(Usage.text.contains("CHALLENGE_SERVER_JWT_SECRET"))
        #expect(Usage.text.contains("CHALLENGE_SERVER_PASSWORD"))
        #expect(Usage.text.contains("421"))
    }
}
