/// `challenge-server --help`.
public enum Usage {
    public static let text = """
    challenge-server — the development server of challenge-tui's three challenges

    USAGE
      challenge-server [X Y U V A B] [options]
      challenge-server --print-token [--jwt-secret S]

    NAVIGATION (GET /rLogin, /rFetchExperiments, /rSubmitSelection)
      By default every request waits a random 1–15 s and succeeds on a fair coin.
      The positional overrides, in the original server.js's order (any prefix may be given):
        X  rLogin delay in seconds         Y  rLogin success (true|false)
        U  rFetchExperiments delay         V  rFetchExperiments success
        A  rSubmitSelection delay          B  rSubmitSelection success
      An overridden delay is exact; an overridden success applies to every request.
      Example: challenge-server 3 false 15 true 4 false
        every rLogin fails (500) after exactly 3 s, every rFetchExperiments succeeds
        after 15 s, every rSubmitSelection fails after 4 s.
      Example: challenge-server 3 false
        rLogin as above; the other two stay random.
      --experiment E     rFetchExperiments answers E (screenB1|screenB2|screenB3|noScreenB)
                         instead of a random one

    ARTICLES (GET /articles)
      --articles-file F  serve F instead of the built-in sample; checked at start: a JSON
                         array of objects with id (integer), title, description, author,
                         release_date (M/D/YYYY) and image (strings); else exit 2
      --articles-delay S wait S seconds before answering (default 0)
      --articles-fail N  the first N requests get 500 (default 0)
      --local-images     point the dummyimage.com image URLs of --articles-file at this
                         server (the built-in sample's always are), so its pictures load
                         offline

    PICTURES (GET /{W}x{H}.{png|jpg|bmp}/{background}/{text colour})
      dummyimage.com's placeholders: the background (default ccc) with "W × H" centred
      in the text colour (default 000); colours of 3 or 6 hex digits; each side 1–2000
      and at most 1,000,000 pixels. Anything else gets 400 with the reason.

    PROFILE (GET /profiles/mine, POST /profiles/update, POST /password/change)
      Every request needs Authorization: Bearer <JWT> (HS256 with the secret).
      --jwt-secret S     the signing secret (default challenge-tui-dev-secret; or set
                         CHALLENGE_SERVER_JWT_SECRET, kept off the command line)
      --password PW      the initial password (default password123; or set
                         CHALLENGE_SERVER_PASSWORD)
      --profile-delay S  wait S seconds before answering (default 0)
      --profile-fail N   the first N profile requests get 500 (default 0)
      --print-token      print a valid token for the secret (subject ios-user, expires
                         2100-01-01) and exit

    SERVER
      --host ADDR        IPv4 address to listen on (default 127.0.0.1; 0.0.0.0 for all).
                         Other than loopback only with your own JWT secret (else exit 2).
                         On loopback, a request whose Host is not a loopback name gets 421.
      --port N           port (default 3000; 0 picks a free one, printed at start)
      --event-loops N    threads serving connections (default: one per processor)
      --seed N           repeat the same random delays, outcomes, session ids and
                         experiments (the seed in use is printed at start)
      -h, --help         this text

    LIMITS
      Head 16 KiB (431), request line 8 KiB (414), field line 8 KiB and 100 fields
      (431), body 1 MiB (413); a head must arrive within 10 s of its first byte and a
      body within 30 s (408); idle keep-alive connections close after 5 s; at most
      1000 connections per client address (503). See Docs/server.md.

    One line per request on stdout: time, method, path, status, duration.
    Ctrl-C / SIGTERM: stop accepting, let requests in flight finish, exit 0.
    Exit status: 0 on a clean stop, 1 if the port can't be opened, 2 for bad arguments.
    """
}
