import Joi from 'joi';
import { LISTING_LIMITS, listingRules, messages, profileMessages, type ListingBody } from '@swapstuff/contracts';
import { idSchema, pagingKeys } from '../../http';
import { compileForm } from '../validation';

/** An optional id of the form: blank or null is none. */
const id = (message: string) => idSchema(message).empty('').allow(null);

/** Ids of a listing's photos or videos to keep when editing, in their new order (ours: see decisions). */
const keptIds = Joi.array().items(Joi.number().integer().positive()).single().messages({
  'array.base': messages.validationFailed,
  'number.base': messages.validationFailed,
});

/** The multipart listing form (spec section 7); every value arrives as text. */
export const listingSchema = compileForm(listingRules, {
  productId: id(messages.productNotFound),
  subCategory: id(messages.unknownCategory),
  is_buyable: Joi.valid('0', '1', 0, 1, true, false, 'true', 'false').default('0').messages({
    'any.only': messages.validationFailed,
  }),
  swapProduct: Joi.string()
    .trim()
    .max(LISTING_LIMITS.swapProductMax)
    .allow('', null)
    .messages({ '*': messages.swapProductLength }),
  // ours: top-level categories it would be swapped for, at most 5, each once
  swapCategories: Joi.array()
    .items(Joi.number().integer().positive())
    .single()
    .max(LISTING_LIMITS.swapCategories)
    .unique()
    .messages({ '*': messages.swapCategoriesInvalid }),
  openForOffer: Joi.valid('0', '1', 0, 1, true, false, 'true', 'false').default('1'),
  sizeUnit: Joi.valid('inches').empty('').messages({ 'any.only': messages.validationFailed }),
  existingImages: keptIds,
  existingVideos: keptIds,
});

export interface ValidListingBody extends Pick<
  ListingBody,
  'title' | 'condition' | 'description' | 'city' | 'state' | 'zip'
> {
  productId?: number | null;
  category: number;
  subCategory?: number | null;
  price: number;
  addressId: number;
  is_buyable: string | number | boolean;
  swapProduct?: string | null;
  swapCategories?: number[];
  openForOffer: string | number | boolean;
  length?: number;
  width?: number;
  height?: number;
  pounds?: number;
  ounces?: number;
  existingImages?: number[];
  existingVideos?: number[];
}

/** DELETE /api/delete/products: several of one's own active listings at once. */
export const deleteManySchema = Joi.object({
  productIds: Joi.array()
    .items(Joi.number().integer().positive())
    .single()
    .min(1)
    .max(100)
    .required()
    .messages({ 'any.required': messages.productNotFound, 'array.min': messages.productNotFound }),
});

/** My listings' filter bar (spec section 2: search, status, Clear Filter, Search) and paging. */
export const myProductsSchema = Joi.object({
  search: Joi.string().trim().max(100).allow('', null),
  status: Joi.number().integer().min(0).max(5).empty('').allow(null),
  ...pagingKeys(),
});

/** A user's public profile's grid. */
export const sellerListingsSchema = Joi.object({
  userId: idSchema(profileMessages.userNotFound, profileMessages.userIdRequired).required(),
  ...pagingKeys(),
});

export interface MyProductsQuery {
  search?: string | null;
  status?: number | null;
  pageNumber: number;
  perPage: number;
}
