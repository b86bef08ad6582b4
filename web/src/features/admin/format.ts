/** A timestamp (ISO string or epoch milliseconds) in the browser's locale. */
export const when = (value: string | number) => new Date(value).toLocaleString();
