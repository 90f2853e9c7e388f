/** The attributes of every e-mail field: the right keyboard, autofill, and no autocorrection. */
export const emailInputProps = {
  type: "email",
  inputMode: "email",
  autoComplete: "email",
  autoCapitalize: "none",
  spellCheck: false,
  placeholder: "you@example.com",
} as const;
