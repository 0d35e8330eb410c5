import { SETUP_TITLE } from '@shared/setup-screen-texts';

/**
 * The wizard screen's own texts of spec §2, §5 and §8, word for word. Texts the API shares live in
 * shared/setup-messages.ts and shared/calendar.ts (imported from there).
 */
export const WIZARD_TEXT = {
  title: SETUP_TITLE,
  saveAndContinue: 'Save & Continue →',
  completeSetup: 'Complete Setup',
  saveChanges: 'Save Changes',
  editing: '(Editing)',
  stepLabel: (step: number, total: number) => `Step ${step} of ${total}`,
  unsavedTitle: 'Unsaved Changes',
  discardChanges: 'Discard Changes',
  saveAndContinueModal: 'Save & Continue',
  stepSaveFailed: (step: number) => `Failed to save step ${step}. Please check the console for details.`,
  changesSaved: 'Changes saved successfully!',
  changesSaveFailed: 'Failed to save changes. Please try again.',
  completeFailed: (detail: string) => `Failed to complete setup: ${detail}`,
  stepError: (step: number, detail: string) => `Error saving step ${step}: ${detail}`,
  editInfo: 'Edit Info',
  descriptionFailed: 'Failed to generate business description. Please enter manually.',
  fallbackDescription: 'A professional business providing quality services',
  fallbackAssistantName: 'Business Assistant',
  descriptionSaveFailed: 'Failed to save business description. Please try again.',
  missingBusinessInfo: 'Missing required business information',
  voicesFailed: 'Failed to load voices',
  tryAgain: 'Try Again',
  previewError: 'Error generating response',
  lastAvailable: 'Last Available',
  lookupTooMany: 'Too many requests. Please wait a moment and try again',
  lookupFailed: (status: number) => `Search failed. Please try again later (${status})`,
  lookupSignIn: 'Please sign in again to search for businesses',
  populateSignIn: 'Please sign in again to get business details',
  populateNotFound: 'Business details not found. Please try manual entry',
  populateFailed: (status: number) => `Failed to get business details. Please try again (${status})`,
} as const;
