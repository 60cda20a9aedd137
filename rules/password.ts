// Owner passwords (the spec's Validation rules): at least PASSWORD_MIN characters. argon2 hashes whatever it is given, so
// PASSWORD_MAX keeps one request from costing seconds of CPU. The onboarding form, the login, the
// password reset and the admin's password change all read these two numbers. The most common
// passwords are refused on the server only (api/auth/common-passwords.ts), so the list never reaches
// a browser bundle.

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 256;
