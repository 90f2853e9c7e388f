import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { type ButtonSize, type ButtonVariant, buttonVariants } from "./button-variants";

export { type ButtonSize, type ButtonVariant, buttonVariants };

export type ButtonProps = ComponentProps<"button"> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the single child (e.g. a router Link) with the button's styling. */
  asChild?: boolean;
};

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  if (asChild) {
    return <Slot.Root className={buttonVariants({ variant, size, className })} {...props} />;
  }
  return (
    <button type={type ?? "button"} className={buttonVariants({ variant, size, className })} {...props} />
  );
}
