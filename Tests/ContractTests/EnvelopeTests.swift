import Core
import Foundation
import Testing
@testable import Contract

@Suite(.timeLimit(.minutes(10))) struct EnvelopeTests {
    @Test func decodesTheSeedsProfileEnvelope() throws {
        let json = """
            {"message": "User Retrieved", "data": {"firstName": "Johnny B", "userName": "iOS User", "lastName": "Goode"}}
            """
        let envelope = try JSONDecoder().decode(ProfileEnvelope.self, from: Data(json.utf8))
        #expect(envelope.data == .sample)
        #expect(envelope.message == "User Retrieved")
    }

    @Test func profileEnvelopeToleratesExtraKeysAndNoMessage() throws {
        let json = """
            {"data": {"firstName": "A", "userName": "u", "lastName": "B", "avatar": null}, "extra": [1]}
            """
        let envelope = try JSONDecoder().decode(ProfileEnvelope.self, from: Data(json.utf8))
        #expect(envelope.data == UserProfile(firstName: "A", userName: "u", lastName: "B"))
        #expect(envelope.message == nil)
    }

    @Test(arguments: [
        #"{"message": "x"}"#,
        #"{"data": {"firstName": "A", "lastName": "B"}}"#,
        #"{"data": {"firstName": 1, "userName": "u", "lastName": "B"}}"#,
        #"{"data": null}"#,
        "not json",
    ])
    func profileEnvelopeIsStrictAboutRequiredKeys(_ json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ProfileEnvelope.self, from: Data(json.utf8)) }
    }

    @Test func decodesTheSeedsStatusEnvelope() throws {
        let json = #"{"data": {}, "code": "string", "message": "Password Changed", "exceptionName": null}"#
        let envelope = try #require(StatusEnvelope(body: json))
        #expect(envelope == StatusEnvelope(code: "string", message: "Password Changed"))
        #expect(StatusEnvelope(body: #"{"code": "c", "message": "m", "exceptionName": "E", "more": 1}"#)?.exceptionName == "E")
    }

    @Test(arguments: [#"{"data": {}, "message": "m"}"#, #"{"code": "c"}"#, #"{"code": 1, "message": "m"}"#, "", "<html>"])
    func statusEnvelopeNeedsCodeAndMessage(_ body: String) {
        #expect(StatusEnvelope(body: body) == nil)
    }

    @Test func statusEnvelopeWritesTheContractsShape() throws {
        let json = StatusEnvelope(code: "passwordTooShort", message: "Too short").json
        #expect(json == #"{"code":"passwordTooShort","data":{},"exceptionName":null,"message":"Too short"}"#)
        #expect(StatusEnvelope(body: json) == StatusEnvelope(code: "passwordTooShort", message: "Too short"))
    }

    @Test func apiErrorsExposeTheirEnvelope() {
        #expect(ProfileRejection(status: 403, code: "wrongCurrentPassword", message: "Wrong").apiError.statusEnvelope?.code == "wrongCurrentPassword")
        #expect(APIError.http(status: 500, body: "oops").statusEnvelope == nil)
        #expect(APIError.timedOut.statusEnvelope == nil)
    }

    @Test func profileEnvelopeRoundTrips() throws {
        let data = try JSONEncoder().encode(ProfileEnvelope(data: .sample))
        #expect(try JSONDecoder().decode(ProfileEnvelope.self, from: data) == ProfileEnvelope(data: .sample))
    }
}
