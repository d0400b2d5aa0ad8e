import { type } from "arktype";

// The social section's options, checked at createKit in development builds. A module of its own:
// production builds drop the reference, then this module and the schema library with it.
export const socialSectionSchema = type({
  type: "string > 0",
  "authProviderId?": "string",
  "isCustomProvider?": "boolean",
  "auth0Connection?": "string",
  "mode?": "'redirect' | 'popup'",
  "logoUrl?": "string",
  "logoUrlDark?": "string",
  "displayName?": "string",
});
