/**
 * What a page's developer is told when the form code did not load: the form file (form-loader.ts,
 * tried again on the next open()) or its registration chunk (ui/useRegistrationForm.ts, tried
 * again on the next register()).
 */
export function reportLoadFailure(error: unknown): void {
  console.warn(`[CollegeInquiry] the form could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
}
