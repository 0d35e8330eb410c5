/** Texts of spec §5 and §8 for the setup wizard's calls, word for word. */
export const SETUP_MESSAGES = {
  configNotFound: 'Business config not found',
  configNotFoundCreateFirst: 'Business config not found. Please create config first',
  configurationNotFoundCompletePrevious:
    'Business configuration not found. Please complete previous steps first.',
  fillRequiredFields: 'Please fill in all required fields',
  invalidWebsite: 'Please enter a valid website URL',
  /** A field longer than the API stores (issue 15 §3: not 'Please fill in all required fields'). */
  tooLong: (max: number) => `Please use at most ${max} characters`,
  /** Step-level summary when every required field is filled but some are wrong. */
  fixHighlightedFields: 'Please correct the highlighted fields',
  objectiveNotFound: 'Objective not found',
  noObjectiveToSave: 'No objective to save',
} as const;
