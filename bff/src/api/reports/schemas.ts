import Joi from 'joi';
import { messages, profileMessages } from '@swapstuff/contracts';
import { idSchema } from '../../http';

export const reportSchema = Joi.object({
  productId: idSchema(messages.productNotFound).required(),
  reasonId: idSchema(messages.reportReasonRequired).required(),
  reason: Joi.string().trim().max(1000).allow('', null),
});

export interface ReportBody {
  productId: number;
  reasonId: number;
  reason?: string | null;
}

export const userReportSchema = Joi.object({
  userId: idSchema(profileMessages.userNotFound).required(),
  reasonId: idSchema(messages.reportReasonRequired).required(),
  reason: Joi.string().trim().max(1000).allow('', null),
});

export interface UserReportInput {
  userId: number;
  reasonId: number;
  reason?: string | null;
}
