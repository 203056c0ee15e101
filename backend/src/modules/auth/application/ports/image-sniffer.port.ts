/** Tells an uploaded image's type from its bytes (magic numbers), never from a name. */
export abstract class ImageSniffer {
  /** The MIME type the bytes are, or undefined when they are no known type. */
  abstract mimeOf(bytes: Uint8Array): Promise<string | undefined>;
}
