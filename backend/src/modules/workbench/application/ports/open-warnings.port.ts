/** How many open warnings a person has to handle (served by the warnings module). */
export abstract class OpenWarningCounter {
  abstract openFor(userId: string): Promise<number>;
}
