import { ERROR_TEXTS, readableErrorText } from "latch-kit";
import { useStrings } from "../strings";

/** The id of the error texts' string table (`ui.strings.errors` translates them). */
export const ERROR_STRINGS_TABLE = "errors";

/** What a screen shows for an error: a readable, translatable text for raw library, network and schema errors, else its message. */
export function useErrorText(): (error: unknown) => string {
  const texts = useStrings(ERROR_STRINGS_TABLE, ERROR_TEXTS);
  return (error) => readableErrorText(error, texts);
}
