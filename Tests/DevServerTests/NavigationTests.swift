import Contract
import Foundation
import Testing
@testable import DevServer

@Suite(.timeLimit(.minutes(10))) struct NavigationTests {
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

    /// The challenge's example: `node server.js 3 false 15 true 4 false`.
    @Test func seedExampleOverridesGiveExactDelaysAndOutcomes() throws {
        guard case .success(.serve(let parsed)) = ServerCommand.parse(["3", "false", "15", "true", "4", "false"]) else {
            Issue.record("the challenge's example parses"); return
        }
        let server = try TestServer { configuration in
            configuration.login = parsed.login
            configuration.fetchExperiments = parsed.fetchExperiments
            configuration.submitSelection = parsed.submitSelection
        }
        for _ in 0..<3 {
            #expect(try server.get("/rLogin").status == 500)
            #expect(try server.get("/rFetchExperiments").status == 200)
            #expect(try server.get("/rSubmitSelection").status == 500)
        }
        #expect(server.recorder.durations == [3000, 15000, 4000, 3000, 15000, 4000, 3000, 15000, 4000])
    }

    @Test func aPrefixOfTheOverridesLeavesTheRestRandom() throws {
        guard case .success(.serve(let parsed)) = ServerCommand.parse(["3", "false", "--seed", "5"]) else {
            Issue.record("prefix parses"); return
        }
        #expect(parsed.login == NavigationOverride(delay: 3, succeeds: false))
        #expect(parsed.fetchExperiments == NavigationOverride())
        #expect(parsed.submitSelection == NavigationOverride())
        let server = try TestServer { configuration in
            configuration = parsed
            configuration.port = 0
            configuration.eventLoops = 1
        }
        var statuses = Set<Int>()
        for _ in 0..<30 {
            statuses.insert(try server.get("/rFetchExperiments").status)
        }
        #expect(statuses == [200, 500], "rFetchExperiments still flips a coin")
        let durations = server.recorder.durations
        #expect(durations.count == 30)
        #expect(durations.allSatisfy { (1000...15000).contains($0) })
        #expect(Set(durations).count > 20, "delays are drawn, not fixed")
    }

    @Test func aDelayOnlyOverrideKeepsTheOutcomeRandom() throws {
        let server = try TestServer { $0.login = NavigationOverride(delay: 0.25) }
        var statuses = Set<Int>()
        for _ in 0..<30 { statuses.insert(try server.get("/rLogin").status) }
        #expect(statuses == [200, 500])
        #expect(server.recorder.durations == Array(repeating: 250, count: 30))
    }

    @Test func defaultDrawIsAFairCoinWithDelaysBetween1And15Seconds() {
        var configuration = DevServerConfiguration()
        configuration.randomDelay = 1...15
        let routes = NavigationRoutes(configuration: configuration, seed: 2024)
        let answers = (0..<400).map { _ in routes.respondToLogin() }
        let successes = answers.filter { $0.response.status == 200 }.count
        #expect((150...250).contains(successes), "\(successes) of 400 succeeded")
        let delays = answers.map(\.delay)
        #expect(delays.allSatisfy { (1...15).contains($0) })
        #expect(delays.min()! < 3 && delays.max()! > 13)
    }

    @Test func sameSeedRepeatsDelaysOutcomesSessionIDsAndExperiments() {
        func run(seed: UInt64) -> (answers: [String], delays: [Double]) {
            var configuration = DevServerConfiguration()
            configuration.randomDelay = 1...15
            let routes = NavigationRoutes(configuration: configuration, seed: seed)
            var answers: [String] = []
            var delays: [Double] = []
            for _ in 0..<10 {
                for answer in [routes.respondToLogin(), routes.respondToFetchExperiments(), routes.respondToSubmitSelection()] {
                    answers.append("\(answer.response.status) \(String(decoding: answer.response.body, as: UTF8.self))")
                    delays.append(answer.delay)
                }
            }
            return (answers, delays)
        }
        let first = run(seed: 42)
        let again = run(seed: 42)
        #expect(first.answers == again.answers)
        #expect(first.delays == again.delays)
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
