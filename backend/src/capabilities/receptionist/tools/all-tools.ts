import type { ToolName } from '../records/conversation-types';
import { bookTool } from './book';
import { businessInfoTool } from './business-info';
import { depositTool } from './deposit';
import { findSlotsTool } from './find-slots';
import { endTool, escalateTool, takeMessageTool } from './message-escalate-end';
import { cancelTool, confirmTool, rescheduleTool } from './reschedule-cancel';
import type { Tool } from './tool-types';

/** Every tool the assistant has, by name: the engine runs them, the model providers describe them. */
export const TOOLS = {
  get_business_info: businessInfoTool,
  find_open_slots: findSlotsTool,
  book_appointment: bookTool,
  reschedule_appointment: rescheduleTool,
  cancel_appointment: cancelTool,
  confirm_appointment: confirmTool,
  send_deposit_link: depositTool,
  take_message: takeMessageTool,
  escalate_to_manager: escalateTool,
  end_conversation: endTool,
} satisfies Record<ToolName, { name: ToolName }> as unknown as Record<
  ToolName,
  Tool<Record<string, unknown>>
>;
