/// The development token: subject "ios-user", issued 2023-11-14, expires 2100-01-01, signed with
/// the dev secret. The app's default configuration carries it; challenge-server checks it (and
/// signs it anew for `--print-token`; a test checks the two agree).
public enum DevToken {
    public static let defaultSecret = "challenge-tui-dev-secret"

    /// The claims of every dev token; fixed bytes so the same secret always gives the same token.
    public static let payload = #"{"sub":"ios-user","name":"iOS User","iat":1700000000,"exp":4102444800}"#

    /// `token(secret: defaultSecret)`, written out so other modules can use it as a literal; a
    /// test checks the two agree.
    public static let `default` = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJpb3MtdXNlciIsIm5hbWUiOiJpT1MgVXNlciIsImlhdCI6MTcwMDAwMDAwMCwiZXhwIjo0MTAyNDQ0ODAwfQ.lLQLRgCHy3peaCczBfgeOoMbq-tf6cpuFAOoXdAshpQ"
}
