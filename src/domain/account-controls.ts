import { z } from "zod";
import { passwordField } from "./auth.ts";
import { createTextField } from "./text.ts";

/**
 * The account page's controls beyond the spec (issue 21): change password, sign out everywhere,
 * download my data and delete my account. One schema per form, used by the browser and the server.
 */
export const DELETE_CONFIRMATION = "DELETE";

export const accountNotices = {
  currentPasswordRequired: "Please enter your current password.",
  wrongCurrentPassword: "Your current password is not correct.",
  samePassword: "Choose a new password that differs from the current one.",
  noPassword: "Your account signs in with Google and has no password to change.",
  passwordChanged: "Password changed. Your other devices have been signed out.",
  signedOutEverywhere: "Signed out on every device.",
  confirmDeletion: `Type ${DELETE_CONFIRMATION} to confirm that your account should be deleted.`,
  accountDeleted: "Your account and your data have been deleted.",
  /** Spec 3 §8. */
  loadFailed: "Failed to load account data",
  checkoutFailed: "Failed to start checkout",
  portalFailed: "Failed to open billing portal",
  signInToUpgrade: "Please sign in to upgrade",
  billingOff: "Plus is not available on this server: billing is not configured.",
  alreadyPlus: "You already have Plus. Manage your subscription from your account page.",
  noBillingAccount: "There is no billing account yet: upgrade to Plus first.",
} as const;

export const changePasswordSchema = z
  .object({
    currentPassword: createTextField(accountNotices.currentPasswordRequired)
      .min(1, { error: accountNotices.currentPasswordRequired })
      .max(128, { error: accountNotices.wrongCurrentPassword }),
    newPassword: passwordField,
  })
  .refine((input) => input.currentPassword !== input.newPassword, {
    error: accountNotices.samePassword,
    path: ["newPassword"],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const deleteAccountSchema = z.object({
  confirmation: createTextField(accountNotices.confirmDeletion).refine(
    (value) => value.trim() === DELETE_CONFIRMATION,
    { error: accountNotices.confirmDeletion },
  ),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
