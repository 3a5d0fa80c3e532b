import InklingCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Writing to a closed pipe (`inkling guide … -o - | head`) should end quietly, not crash.
signal(SIGPIPE, SIG_IGN)
// Ctrl-C during a render cancels it cleanly (engines are told to stop, no files are left).
Interruption.shared.install()
exit(await RootCommand.main(arguments: Array(CommandLine.arguments.dropFirst())))
