/**
 * When a field's error shows: not before the visitor typed in it, as soon as they leave a field
 * they edited and that is still wrong (or send the form), and gone at the first keystroke that
 * makes it right. What is wrong is the caller's rule; this only decides when to say so.
 */
export class FieldCheck {
  private edited = false;
  private shown = false;

  /** The error is on screen. */
  get showing(): boolean {
    return this.shown;
  }

  /** The visitor typed: a shown error goes once the value is valid (it does not appear while typing). Returns whether that changed. */
  input(valid: boolean): boolean {
    this.edited = true;
    if (this.shown && valid) return this.set(false);
    return false;
  }

  /** The visitor left the field: an edited, invalid value shows its error. */
  blur(valid: boolean): boolean {
    return this.edited && !valid ? this.set(true) : false;
  }

  /** The visitor sent the form: an invalid value shows its error, edited or not. Returns whether the form may go. */
  submit(valid: boolean): boolean {
    this.edited = true;
    this.set(!valid);
    return valid;
  }

  /** A fresh field (a form opened again): nothing edited, nothing shown. */
  reset(): void {
    this.edited = false;
    this.shown = false;
  }

  private set(shown: boolean): boolean {
    const changed = this.shown !== shown;
    this.shown = shown;
    return changed;
  }
}
