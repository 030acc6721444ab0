import Joi from 'joi';
import { messages } from '@swapstuff/contracts';
import { idSchema, pagingKeys, type Paging } from '../../http';

export const likeSchema = Joi.object({ productId: idSchema(messages.productNotFound).required() });

export const likedPageSchema = Joi.object(pagingKeys());

export type LikedPageQuery = Paging;
