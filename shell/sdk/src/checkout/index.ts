// `@swapstuff/sdk/checkout`: what the screens where a user pays share, the checkout (mfe-orders) and a swap
// with extra cash (mfe-swaps). Not a federation singleton: it holds no state, so each remote that imports it
// bundles its own copy, and the pages that never take a payment (and the shell) never load it or the antd
// components it renders (Radio, Card, Tag, Skeleton). Its modules reach the other entries by package name.
// a titled region of such a screen (a checkout step, a part of the swap form)
export { Section, type SectionProps } from './Section';
// the bordered radio list these screens choose with (an address, a card, a courier) and its rows
export { Choices, Choice, type ChoicesProps, type ChoiceProps } from './choices';
// the user's addresses: the query, how one is written, and the radio list to choose where a parcel goes
export { useAddresses, addressLine, AddressRadioList, type AddressRadioListProps } from './addresses';
// the user's saved cards: the query, which can pay, and the radio list to choose the one to pay with
export { useCards, cardUsable, CardRadioList, type CardRadioListProps } from './cards';
