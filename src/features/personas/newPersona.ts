/** The address fragment that opens Profile with the new persona form (a chat's 'Create a persona'). */
export const NEW_PERSONA_HASH = 'new-persona';
