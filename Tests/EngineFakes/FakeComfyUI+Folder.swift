extension FakeComfyUI {
    /// One of the folders ComfyUI keeps files in.
    public enum Folder: String, Sendable, Hashable, CaseIterable {
        /// `ComfyUI/input`: uploads with `type=input` (the default); kept until someone deletes them.
        case input
        /// `ComfyUI/output`: SaveImage's files, with the prompt in their PNG metadata; kept.
        case output
        /// `ComfyUI/temp`: uploads with `type=temp` and PreviewImage's files; ComfyUI empties it
        /// when it starts and when it exits.
        case temp
    }
}
