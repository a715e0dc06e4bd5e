extension Snapshot {
    /// The bytes of an embedded screenshot, decoded from its base64 text; nil when there is none or the text is not base64.
    public func screenshotData() -> [UInt8]? {
        guard case .success(let bytes) = embeddedScreenshot(Base64.decode) else { return nil }
        return bytes
    }

    /// The bytes of the embedded screenshot, decoded from its base64 text into one array, or why the text is not
    /// base64; nil when the screenshot is not embedded.
    public func embeddedScreenshot() -> Result<[UInt8], Base64.Fault>? {
        embeddedScreenshot(Base64.decode)
    }

    /// What the embedded screenshot's base64 text decodes to, looked at without decoding it all; nil when the
    /// screenshot is not embedded.
    public func embeddedScreenshotSummary() -> Result<Base64.Summary, Base64.Fault>? {
        embeddedScreenshot(Base64.summary)
    }

    /// `read` run on the embedded screenshot's base64 text, straight from the snapshot's bytes (a text written with
    /// JSON escapes, which lasso never writes in base64, is unescaped first).
    private func embeddedScreenshot<T>(
        _ read: (UnsafeBufferPointer<UInt8>) -> Result<T, Base64.Fault>
    ) -> Result<T, Base64.Fault>? {
        guard let reference = screenshot, reference.isEmbedded else { return nil }
        if reference.data.escaped {
            var text = string(reference.data) ?? ""
            return text.withUTF8 { read($0) }
        }
        return bytes.withUnsafeBufferPointer { read(UnsafeBufferPointer(rebasing: $0[reference.data.range])) }
    }
}
