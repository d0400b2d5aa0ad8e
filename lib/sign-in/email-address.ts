const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether a text is an email address (as the email field and the email sign-in accept it). */
export const isEmailAddress = (text: string): boolean => EMAIL_PATTERN.test(text.trim());
