/** A JSON object from text, or undefined when the text is not JSON or not an object. */
export function parseJsonObject<T extends object>(text: string): T | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as T) : undefined;
  } catch {
    return undefined;
  }
}
