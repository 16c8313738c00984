/** Text made safe inside HTML and SVG, in element content and in quoted attributes alike. */
export const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
