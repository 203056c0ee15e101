/** The free space of the disk that holds FILES_DIR (its chunks and stored files), read before an upload chunk is taken. */
export abstract class DiskSpace {
  /** Bytes free to this process and the disk's size in bytes. */
  abstract read(): Promise<{ freeBytes: number; totalBytes: number }>;
}
