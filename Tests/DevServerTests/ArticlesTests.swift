import Foundation
import Testing
@testable import DevServer

@Suite(.timeLimit(.minutes(10))) struct ArticlesTests {
    @Test func servesTheConfiguredArticlesAsJSON() throws {
        let server = try TestServer()
        let response = try server.get("/articles")
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "application/json; charset=utf-8")
        #expect(response.body == testArticlesJSON)
        #expect(server.recorder.durations == [0])
    }

    @Test func articlesFailFailsTheFirstNRequestsThenSucceeds() throws {
        let server = try TestServer { $0.articlesFail = 2 }
        let statuses = try (0..<4).map { _ in try server.get("/articles").status }
        #expect(statuses == [500, 500, 200, 200])
    }

    @Test func articlesDelayIsWaitedExactly() throws {
        let server = try TestServer { $0.articlesDelay = 2.5 }
        let connection = try server.connect()
        connection.send(request("GET", "/articles"))
        server.advance(by: 2.499)
        #expect(!connection.hasData(timeout: 0))
        server.advance(by: 0.001)
        #expect(try connection.readResponse()?.status == 200)
        #expect(server.recorder.durations == [2500])
    }

    @Test func validatorAcceptsTheSeedShape() {
        #expect(ArticlesValidator.validate(testArticlesJSON) == .success(2))
        #expect(ArticlesValidator.validate(Data("[]".utf8)) == .success(0))
    }

    @Test(arguments: [
        ("{", "not valid JSON"),
        (#"{"id":1}"#, "not a JSON array"),
        ("[1]", "article at index 0 is not an object"),
        (#"[{"title":"t"}]"#, #"article at index 0: "id" is missing or not an integer"#),
        (#"[{"id":true,"title":"t"}]"#, #"article at index 0: "id" is missing or not an integer"#),
        (#"[{"id":1.5}]"#, #"article at index 0: "id" is missing or not an integer"#),
        (#"[{"id":7,"title":"t","description":"d","author":"a","release_date":"1/1/2020"}]"#, #"article at index 0 (id 7): "image" is missing or not a string"#),
        (#"[{"id":7,"title":3,"description":"d","author":"a","release_date":"1/1/2020","image":"i"}]"#, #"article at index 0 (id 7): "title" is missing or not a string"#),
        (#"[{"id":7,"title":"t","description":"d","author":"a","release_date":"2020-01-01","image":"i"}]"#, #"article at index 0 (id 7): release_date "2020-01-01" is not a date in M/D/YYYY"#),
    ])
    func validatorNamesTheFirstProblem(json: String, message: String) {
        #expect(ArticlesValidator.validate(Data(json.utf8)) == .failure(ArticlesValidator.Problem(message: message)))
    }

    /// The server checks dates with the contract's own parser, as the app reads them.
    @Test func monthDayYearDatesMustExist() {
        func accepted(_ date: String) -> Bool {
            let json = #"[{"id":1,"title":"t","description":"d","author":"a","release_date":"\#(date)","image":"i"}]"#
            return ArticlesValidator.validate(Data(json.utf8)) == .success(1)
        }
        for valid in ["6/25/2018", "12/31/1999", "2/29/2024", "02/05/2021", "2/29/2000"] {
            #expect(accepted(valid), "\(valid)")
        }
        for invalid in ["13/1/2020", "0/1/2020", "2/30/2020", "2/29/2023", "2/29/1900", "6/25/18", "6/25/20180", "6/0/2018", "6//2018", "a/b/cccc", "6/25", "123/1/2020", "4/31/2020"] {
            #expect(!accepted(invalid), "\(invalid)")
        }
    }
}
