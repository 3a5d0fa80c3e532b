import InklingCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Writing to a closed pipe (`inkling guide … -o - | head`) should end quietly, not crash.
signal(SIGPIPE, SIG_IGN)
exit(await RootCommand.main(arguments: Array(CommandLine.arguments.dropFirst())))
