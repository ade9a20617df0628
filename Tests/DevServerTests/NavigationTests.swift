import Contract
import Foundation
import Testing
@testable import DevServer

@Suite struct NavigationTests {
    @Test func rLoginSucceedsWithAVersion4SessionID() throws {
        let server = try TestServer { $0.login = NavigationOverride(delay: 0, succeeds: true) }
        let response = try server.get("/rLogin")
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "application/json; charset=utf-8")
        let json = try #require(response.json())
        #expect(json.count == 1)
        let sessionID = try #require(json["sessionId"] as? String)
        #expect(sessionID.wholeMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/) != nil)
        #expect(try server.get("/rLogin").json()?["sessionId"] as? String != sessionID)
    }

    @Test func everyEndpointFailsWith500SomethingWentWrong() throws {
        let never = NavigationOverride(delay: 0, succeeds: false)
        let server = try TestServer {
            $0.login = never
            $0.fetchExperiments = never
            $0.submitSelection = never
        }
        for path in ["/rLogin", "/rFetchExperiments", "/rSubmitSelection?sessionId=x&screen=screenB1&selection=Choice%20A"] {
            let response = try server.get(path)
            #expect(response.status == 500)
            #expect(response.text == "Something went wrong")
        }
    }

    @Test func rFetchExperimentsAnswersABareJSONString() throws {
        let server = try TestServer { $0.fetchExperiments = NavigationOverride(delay: 0, succeeds: true) }
        var seen = Set<String>()
        for _ in 0..<40 {
            let response = try server.get("/rFetchExperiments")
            #expect(response.status == 200)
            let value = try #require(try JSONSerialization.jsonObject(with: response.body, options: .fragmentsAllowed) as? String)
            #expect(Experiment(rawValue: value) != nil)
            seen.insert(value)
        }
        #expect(seen == Set(Experiment.allCases.map(\.rawValue)), "all four experiments are drawn")
    }

    @Test func experimentOptionFixesTheAnswer() throws {
        let server = try TestServer {
            $0.fetchExperiments = NavigationOverride(delay: 0, succeeds: true)
            $0.experiment = .noScreenB
        }
        for _ in 0..<5 { #expect(try server.get("/rFetchExperiments").text == #""noScreenB""#) }
    }

    @Test func rSubmitSelectionSucceedsWithAnEmptyBody() throws {
        let server = try TestServer { $0.submitSelection = NavigationOverride(delay: 0, succeeds: true) }
        let response = try server.get("/rSubmitSelection?sessionId=abc&screen=screenB2&selection=Option%203")
        #expect(response.status == 200)
        #expect(response.body.isEmpty)
        #expect(response.headers["content-length"] == "0")
    }

    /// The seed: `node server.js 3 false 15 true 4 false`.
    @Test func seedExampleOverridesGiveExactDelaysAndOutcomes() throws {
        guard case .success(.serve(var configuration)) = ServerCommand.parse(["3", "false", "15", "true", "4", "false"]) else {
            Issue.record("the seed's example parses"); return
        }
        configuration.port = 0
        let recorder = Recorder()
        let server = DevServer(configuration: configuration, environment: DevServerEnvironment(sleep: { recorder.recordSleep($0) }, now: { testNow }, log: { _ in }))
        let port = try server.start()
        defer { server.stop() }
        func get(_ path: String) throws -> RawResponse? {
            let connection = try RawConnection(port: port)
            connection.send(request("GET", path))
            return try connection.readResponse()
        }
        for _ in 0..<3 {
            #expect(try get("/rLogin")?.status == 500)
            #expect(try get("/rFetchExperiments")?.status == 200)
            #expect(try get("/rSubmitSelection")?.status == 500)
        }
        #expect(recorder.sleeps == [3, 15, 4, 3, 15, 4, 3, 15, 4])
    }

    @Test func aPrefixOfTheOverridesLeavesTheRestRandom() throws {
        guard case .success(.serve(var configuration)) = ServerCommand.parse(["3", "false", "--seed", "5"]) else {
            Issue.record("prefix parses"); return
        }
        #expect(configuration.login == NavigationOverride(delay: 3, succeeds: false))
        #expect(configuration.fetchExperiments == NavigationOverride())
        #expect(configuration.submitSelection == NavigationOverride())
        configuration.port = 0
        let recorder = Recorder()
        let server = DevServer(configuration: configuration, environment: DevServerEnvironment(sleep: { recorder.recordSleep($0) }, now: { testNow }, log: { _ in }))
        let port = try server.start()
        defer { server.stop() }
        var statuses = Set<Int>()
        for _ in 0..<30 {
            let connection = try RawConnection(port: port)
            connection.send(request("GET", "/rFetchExperiments"))
            statuses.insert(try #require(try connection.readResponse()).status)
        }
        #expect(statuses == [200, 500], "rFetchExperiments still flips a coin")
        #expect(recorder.sleeps.allSatisfy { (1...15).contains($0) })
        #expect(Set(recorder.sleeps).count > 20, "delays are drawn, not fixed")
    }

    @Test func aDelayOnlyOverrideKeepsTheOutcomeRandom() throws {
        let server = try TestServer { $0.login = NavigationOverride(delay: 0.25) }
        var statuses = Set<Int>()
        for _ in 0..<30 { statuses.insert(try server.get("/rLogin").status) }
        #expect(statuses == [200, 500])
        #expect(server.recorder.sleeps == Array(repeating: 0.25, count: 30))
    }

    @Test func defaultDrawIsAFairCoinWithDelaysBetween1And15Seconds() {
        var configuration = DevServerConfiguration()
        configuration.randomDelay = 1...15
        let recorder = Recorder()
        let routes = NavigationRoutes(configuration: configuration, seed: 2024, sleep: { recorder.recordSleep($0) })
        let successes = (0..<400).filter { _ in routes.respondToLogin().status == 200 }.count
        #expect((150...250).contains(successes), "\(successes) of 400 succeeded")
        #expect(recorder.sleeps.allSatisfy { (1...15).contains($0) })
        #expect(recorder.sleeps.min()! < 3 && recorder.sleeps.max()! > 13)
    }

    @Test func sameSeedRepeatsDelaysOutcomesSessionIDsAndExperiments() {
        func run(seed: UInt64) -> (answers: [String], sleeps: [Double]) {
            var configuration = DevServerConfiguration()
            configuration.randomDelay = 1...15
            let recorder = Recorder()
            let routes = NavigationRoutes(configuration: configuration, seed: seed, sleep: { recorder.recordSleep($0) })
            var answers: [String] = []
            for _ in 0..<10 {
                for response in [routes.respondToLogin(), routes.respondToFetchExperiments(), routes.respondToSubmitSelection()] {
                    answers.append("\(response.status) \(String(decoding: response.body, as: UTF8.self))")
                }
            }
            return (answers, recorder.sleeps)
        }
        let first = run(seed: 42)
        let again = run(seed: 42)
        #expect(first.answers == again.answers)
        #expect(first.sleeps == again.sleeps)
        #expect(run(seed: 43).answers != first.answers)
    }

    @Test func seedOptionReachesTheServer() throws {
        let random = { (configuration: inout DevServerConfiguration) in
            configuration.seed = 99
            configuration.login = NavigationOverride()
        }
        let a = try TestServer(random)
        let b = try TestServer(random)
        #expect(a.server.seed == 99)
        var statuses = Set<Int>()
        for _ in 0..<10 {
            let answer = try a.get("/rLogin")
            statuses.insert(answer.status)
            #expect(answer.text == (try b.get("/rLogin").text))
        }
        #expect(statuses == [200, 500])
        #expect(DevServer(configuration: DevServerConfiguration()).seed != DevServer(configuration: DevServerConfiguration()).seed)
    }
}
