import { z } from 'zod';
import { MESSAGES } from '../messages';
import { whenMissing } from './when-missing';

/**
 * Characters that hide or reorder what a name looks like: NUL, zero-width characters
 * (U+200B–U+200D, U+2060, U+FEFF) and bidirectional embeddings, overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069), with which a name can display as another one.
 */
const HIDDEN_CHARACTERS = /[\u200B-\u200D\u2060\uFEFF\u202A-\u202E\u2066-\u2069]/;

export function hasHiddenCharacters(value: string): boolean {
  return value.includes('\u0000') || HIDDEN_CHARACTERS.test(value);
}

/**
 * A name people read (person, visitor, property, device): refused with a sentence naming the
 * field when it holds hidden characters. Checked before trimming, which would silently drop a
 * leading U+FEFF.
 */
export function visibleText(label: string, required: string = `${label} is required`) {
  return z
    .string({ error: whenMissing(required) })
    .refine((value) => !hasHiddenCharacters(value), MESSAGES.hiddenCharacters(label));
}

/** Visible text of at most `max` characters, trimmed, saying its limit when over it. */
export function boundedText(label: string, max: number, required?: string) {
  return visibleText(label, required).trim().max(max, MESSAGES.tooLong(label, max));
}

/** A required name: visible characters only, trimmed, 1 to `max` characters. */
export function requiredName(label: string, max: number, required = `${label} is required`, empty = required) {
  return boundedText(label, max, required).min(1, empty);
}
