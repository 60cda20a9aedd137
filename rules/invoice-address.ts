// What a full Danish invoice must say of the buyer (momsloven's requirements for a full invoice,
// bekendtgørelse om fakturering § 58: the buyer's name and address): an address a letter can find,
// a street with a number and a postcode, not the postcode alone a site's request form asks for.

/** Whether `text` reads as a postal address: a street name, a house number and a 4-digit postcode. */
export function isFullAddress(text: string): boolean {
  const flat = text.replace(/\s+/g, ' ').trim();
  const postcode = /(?:^|\D)\d{4}(?:\D|$)/.test(flat);
  const street = /\p{L}{2,}\.? ?\d+/u.test(flat);
  return postcode && street;
}
