#if canImport(Glibc)
    import Glibc

    private let openFiles = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    private let unlimited = rlim_t.max
#elseif canImport(Darwin)
    import Darwin

    private let openFiles = RLIMIT_NOFILE
    private let unlimited = RLIM_INFINITY
#endif

/// The process's open-file limit (`ulimit -n`), which bounds how many connections the server can hold.
public enum OpenFileLimit {
    /// Raises the soft limit toward `wanted` as far as the hard limit lets it, and returns the soft limit in force.
    public static func raise(toward wanted: Int) -> Int {
        var limit = rlimit()
        guard getrlimit(openFiles, &limit) == 0 else { return Int.max }
        if limit.rlim_cur != unlimited, limit.rlim_cur < rlim_t(wanted) {
            var raised = limit
            raised.rlim_cur = min(rlim_t(wanted), limit.rlim_max)
            if setrlimit(openFiles, &raised) == 0 { limit = raised }
        }
        return limit.rlim_cur == unlimited ? Int.max : Int(clamping: limit.rlim_cur)
    }
}
