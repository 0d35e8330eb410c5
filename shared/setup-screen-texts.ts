/**
 * The setup wizard's title and each step's introduction (spec §2 "/setup"), word for word. Their own small
 * module: the entry paints the title and the opening step's introduction before the wizard's code arrives
 * (frontend/src/app/remembered-screen.ts, docs/decisions/188), so they must not pull the wizard's texts in.
 */
export const SETUP_TITLE = 'Setup Your Assistant';

export const SETUP_STEP_INTROS: Readonly<Record<number, string>> = {
  1: 'Tell your assistant about your business. Search for it by name, or enter the details yourself.',
  2: 'Your assistant uses this description to answer questions about your business. Edit it until it sounds right.',
  3: 'Choose how your assistant sounds and behaves on calls.',
  4: 'Pick the number your customers will call and text to reach your assistant.',
  5: 'Tell your assistant who to involve when a caller needs a person.',
  6: 'What should your assistant achieve on each call? Start from a template.',
  7: 'Connect the calendar your assistant books into, and meet its e-mail address.',
};
