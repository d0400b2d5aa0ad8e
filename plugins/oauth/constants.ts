// Social sign-in's figures (spec: the popup window and its checks).
export const OAUTH_POPUP_WIDTH = 500;
export const OAUTH_POPUP_HEIGHT = 600;
export const OAUTH_POPUP_CLOSED_CHECK_MS = 500;
export const OAUTH_REDIRECT_FAILURE_MS = 1000;
