/** Requirements R-timings: the move after a successful login, forgot-password or reset happens after 2 seconds. */
export const REDIRECT_DELAY_MS = 2000;
/** Requirements R-toasts: toasts sit bottom-left and close after 5 seconds. */
export const TOAST_AUTO_CLOSE_MS = 5000;
