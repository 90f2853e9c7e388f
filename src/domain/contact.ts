import { z } from "zod";
import { emailField } from "./auth.ts";
import { createTextField } from "./text.ts";

/**
 * The partner contact form (spec 3 §2 Partner, §3 contact form fields, §5): one schema validates the
 * form in the browser and POST /api/v1/contact on the server.
 */
export const contactRoles = ["creator", "network", "investor", "listener"] as const;
export type ContactRole = (typeof contactRoles)[number];

export const contactRoleLabels: Record<ContactRole, string> = {
  creator: "Podcast creator",
  network: "Podcast network",
  investor: "Investor",
  listener: "Listener",
};

export const CONTACT_NAME_MAX = 100;
export const CONTACT_PODCAST_MAX = 200;
export const CONTACT_MESSAGE_MAX = 5000;

export const contactNotices = {
  name: "Please enter your name.",
  email: "Please enter a valid email address.",
  role: "Please choose one of the listed roles.",
  message: "Please enter a message.",
  success: { title: "Thanks for reaching out!", description: "We'll get back to you within 24 hours." },
} as const;

export const contactMessageSchema = z.object({
  name: createTextField(contactNotices.name)
    .trim()
    .min(1, { error: contactNotices.name })
    .max(CONTACT_NAME_MAX, { error: `Name must be at most ${CONTACT_NAME_MAX} characters.` }),
  email: emailField,
  role: z.enum(contactRoles, { error: contactNotices.role }).nullish(),
  podcast: createTextField("Podcast must be text.")
    .trim()
    .max(CONTACT_PODCAST_MAX, { error: `Podcast must be at most ${CONTACT_PODCAST_MAX} characters.` })
    .nullish(),
  message: createTextField(contactNotices.message)
    .trim()
    .min(1, { error: contactNotices.message })
    .max(CONTACT_MESSAGE_MAX, { error: `Message must be at most ${CONTACT_MESSAGE_MAX} characters.` }),
});

export type ContactMessageInput = z.infer<typeof contactMessageSchema>;
