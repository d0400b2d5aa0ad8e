import { CUSTODY_TEXT } from "latch-kit";

/** The id of the custody text table (replace its texts with `ui.strings.custody`). */
export const CUSTODY_STRINGS_TABLE = "custody";

/** The custody screens' texts (English), by key: core's table, which the playground reads too. */
export const custodyStrings = { ...CUSTODY_TEXT };
