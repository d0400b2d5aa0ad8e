import { OAUTH_POPUP_HEIGHT, OAUTH_POPUP_WIDTH } from "./constants";

/** The few browser calls social sign-in makes, in one object so tests can stand in for them. */
export const browser = {
  /** Opens the 500x600 sign-in window, centred on the app's window; null when blocked. */
  openPopup(url: string): Window | null {
    const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - OAUTH_POPUP_WIDTH) / 2));
    const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - OAUTH_POPUP_HEIGHT) / 2));
    return window.open(url, "_blank", `popup,width=${OAUTH_POPUP_WIDTH},height=${OAUTH_POPUP_HEIGHT},left=${left},top=${top}`);
  },
  navigate(url: string): void {
    window.location.assign(url);
  },
  page(): { origin: string; href: string } {
    return { origin: window.location.origin, href: window.location.href };
  },
};
