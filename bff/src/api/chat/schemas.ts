import Joi from 'joi';
import { CHAT_CLIENT_ID, CHAT_MESSAGE_MAX, chatMessages, messages, profileMessages } from '@swapstuff/contracts';
import { idSchema } from '../../http';

/**
 * Who or what a conversation is with: its id, or a listing, a user, or both (a seller to a buyer about the listing);
 * none is a 400 the service words.
 */
const target = {
  chatId: idSchema(chatMessages.chatNotFound),
  productId: idSchema(messages.productNotFound),
  userId: idSchema(profileMessages.userNotFound),
};
const oneTarget = { 'object.oxor': chatMessages.recipientRequired };

export const pageSchema = Joi.object({
  ...target,
  beforeId: idSchema(messages.validationFailed),
  afterId: idSchema(messages.validationFailed),
})
  .oxor('chatId', 'productId')
  .oxor('chatId', 'userId')
  .oxor('beforeId', 'afterId')
  .messages({ ...oneTarget, 'object.base': messages.validationFailed });

const textMessages = {
  'any.required': chatMessages.messageRequired,
  'string.empty': chatMessages.messageRequired,
  'string.base': chatMessages.messageRequired,
  'string.max': chatMessages.messageTooLong,
};

export const sendSchema = Joi.object({
  ...target,
  // a photo may go alone; without one, the text is the message
  imageId: idSchema(chatMessages.imageNotFound),
  text: Joi.string()
    .trim()
    .max(CHAT_MESSAGE_MAX)
    .when('imageId', { is: Joi.exist(), then: Joi.optional().allow(''), otherwise: Joi.required() })
    .messages(textMessages),
  clientId: Joi.string().required().pattern(CHAT_CLIENT_ID).messages({
    'any.required': chatMessages.clientIdInvalid,
    'string.empty': chatMessages.clientIdInvalid,
    'string.base': chatMessages.clientIdInvalid,
    'string.pattern.base': chatMessages.clientIdInvalid,
  }),
})
  .oxor('chatId', 'productId')
  .oxor('chatId', 'userId')
  .messages({ ...oneTarget, 'object.base': messages.validationFailed });

export const muteSchema = Joi.object({
  chatId: idSchema(chatMessages.chatNotFound).required(),
  muted: Joi.boolean().strict().required().messages({ '*': messages.validationFailed }),
}).messages({ 'object.base': messages.validationFailed });
