import type { z } from 'zod';
import type {
  CreatedRequest as CreatedRequestSchema,
  CreatedResponse as CreatedResponseSchema,
  CreateRequestInput,
  RequestDetail as RequestDetailSchema,
  RequestForm as RequestFormSchema,
  RequestResponseItem,
  RequestSummary as RequestSummarySchema,
  RespondInput,
} from '../../../../shared/api/requests.contract';

export type NewRequest = CreateRequestInput;
export type CreatedRequest = z.output<typeof CreatedRequestSchema>;
export type RequestSummary = z.output<typeof RequestSummarySchema>;
export type RequestDetail = z.output<typeof RequestDetailSchema>;
export type RequestResponse = z.output<typeof RequestResponseItem>;
export type RequestForm = z.output<typeof RequestFormSchema>;
export type NewResponse = RespondInput;
export type CreatedResponse = z.output<typeof CreatedResponseSchema>;
