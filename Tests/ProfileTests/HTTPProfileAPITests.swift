import Contract
import Core
import Foundation
import Synchronization
import Testing
import CoreTesting
@testable import Profile

private func ok(_ json: String) -> Result<HTTPResponse, APIError> {
    .success(HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(json.utf8)))
}

private let sampleJSON = #"{"message":"User Retrieved","data":{"firstName":"Johnny B","userName":"iOS User","lastName":"Goode"}}"#

private func jsonObject(_ data: Data?) throws -> [String: String] {
    let data = try #require(data)
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])
}

@Suite(.timeLimit(.minutes(10))) struct HTTPProfileAPITests {
    let expectedHeaders = [
        "Content-Type": "application/json", "Accept": "application/json", "Authorization": "Bearer header.payload.signature",
    ]

    @Test func seedReq1_fetchesTheProfileWithTheBearerToken() async throws {
        let client = StubHTTPClient(ok(sampleJSON))
        let api = HTTPProfileAPI(client: client, token: "header.payload.signature")
        #expect(try await api.fetchProfile() == .sample)
        let request = try #require(client.requests.first)
        #expect(request.method == .get)
        #expect(request.url.absoluteString == "http://127.0.0.1:3000/profiles/mine")
        #expect(request.headers == expectedHeaders)
        #expect(request.body == nil)
        #expect(!request.isSensitive)
    }

    @Test func seedReq2_updatePostsFirstAndLastNameAsJSON() async throws {
        let saved = #"{"message":"User Updated","data":{"firstName":"Jane","userName":"iOS User","lastName":"Doe"}}"#
        let client = StubHTTPClient(ok(saved))
        let api = HTTPProfileAPI(client: client, baseURL: try #require(URL(string: "http://example.test:8080/api")), token: "header.payload.signature")
        #expect(try await api.updateProfile(firstName: "Jane", lastName: "Doe") == UserProfile(firstName: "Jane", userName: "iOS User", lastName: "Doe"))
        let request = try #require(client.requests.first)
        #expect(request.method == .post)
        #expect(request.url.absoluteString == "http://example.test:8080/api/profiles/update")
        #expect(request.headers == expectedHeaders)
        #expect(try jsonObject(request.body) == ["firstName": "Jane", "lastName": "Doe"])
        #expect(!request.isSensitive)
    }

    @Test func seedReq2_passwordChangePostsThreeFieldsAsASensitiveRequest() async throws {
        let client = StubHTTPClient(ok(#"{"data":{},"code":"string","message":"Password Changed","exceptionName":null}"#))
        let api = HTTPProfileAPI(client: client, token: "header.payload.signature")
        try await api.changePassword(current: "password123", new: "correct horse", confirmation: "correct horse")
        let request = try #require(client.requests.first)
        #expect(request.method == .post)
        #expect(request.url.path == "/password/change")
        #expect(request.headers == expectedHeaders)
        #expect(request.isSensitive)
        #expect(try jsonObject(request.body) == [
            "currentPassword": "password123", "newPassword": "correct horse", "passwordConfirmation": "correct horse",
        ])
    }

    @Test func withoutATokenNoAuthorizationIsSent() async throws {
        let client = StubHTTPClient(ok(sampleJSON))
        _ = try await HTTPProfileAPI(client: client, token: nil).fetchProfile()
        #expect(client.requests.first?.headers["Authorization"] == nil)
    }

    @Test func errorAnswersKeepTheirEnvelopeForTheMapping() async {
        let body = #"{"data":{},"code":"wrongCurrentPassword","message":"The current password is wrong","exceptionName":"ForbiddenException"}"#
        let client = StubHTTPClient(.failure(.http(status: 403, body: body)))
        let api = HTTPProfileAPI(client: client, token: "t")
        do {
            try await api.changePassword(current: "bad", new: "correct horse", confirmation: "correct horse")
            Issue.record("expected a 403")
        } catch {
            #expect(error.status == 403)
            #expect(ProfileFailure(error, request: .changePassword) == .field(.currentPassword, "The current password is wrong"))
        }
    }

    @Test func transportErrorsPassThrough() async {
        let api = HTTPProfileAPI(client: StubHTTPClient(.failure(.timedOut)), token: "t")
        await #expect(throws: APIError.timedOut) { try await api.fetchProfile() }
    }

    @Test(arguments: [
        ("not json", "the response is not valid JSON"),
        (#"{"message":"x"}"#, #"the key "data" is missing"#),
        (#"{"data":{"firstName":1,"userName":"u","lastName":"l"}}"#, #""data.firstName" has the wrong type"#),
        (#"{"data":{"firstName":null,"userName":"u","lastName":"l"}}"#, #""data.firstName" has the wrong type"#),
    ])
    func malformedSuccessIsUndecodable(_ body: String, _ reason: String) async {
        let api = HTTPProfileAPI(client: StubHTTPClient(ok(body)), token: "t")
        await #expect(throws: APIError.undecodable(reason)) { try await api.fetchProfile() }
    }

    @Test func passwordChangeSuccessMustBeTheEnvelope() async {
        let api = HTTPProfileAPI(client: StubHTTPClient(ok("")), token: "t")
        await #expect(throws: APIError.undecodable("the response is not valid JSON")) {
            try await api.changePassword(current: "a", new: "b", confirmation: "b")
        }
    }
}
