/** The most people one look-up of names may ask for: a question's history names a few authors. */
export const PEOPLE_LOOKUP_MAX = 50;
