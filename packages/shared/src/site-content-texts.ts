import { z } from 'zod';

/** A text of a content form as staff type it, trimmed; its messages name it ("The summary is required"). */
export const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` });

export const requiredText = (label: string, max: number) => text(label, max).min(1, { error: `${label} is required` });
