import { TAGLINE, type StaticPageSlug } from '@swapstuff/contracts';

/** A paragraph, a bullet list, or a question with its answer. */
export type Block = string | { list: string[] } | { question: string; answer: string };

export interface PageContent {
  title: string;
  updated?: string;
  intro: Block[];
  sections: { heading: string; blocks: Block[] }[];
}

const UPDATED = '1 June 2025';

/*
 * The four static pages. Kept in code, versioned with the rules they describe (the 72-hour swap-details
 * window, the 5-image limit, the $1 to $999,999 price range), so a change to a rule and to its
 * explanation ship together.
 */
export const pages: Record<StaticPageSlug, PageContent> = {
  about: {
    title: 'About Swapstuff',
    intro: [
      `${TAGLINE} Swapstuff is a marketplace where people and businesses sell the things they no longer need, or swap them for things they do.`,
      'Every home has a drawer, a shelf or a garage full of good things that are not being used. Swapstuff turns them into cash, or into something you will actually use, and keeps them out of landfill.',
    ],
    sections: [
      {
        heading: 'Sell or swap, your choice',
        blocks: [
          'When you list an item you decide how it can change hands. A buyable listing can be bought straight away at your price, with shipping calculated by the platform. A swap-only listing invites offers: another member proposes one of their own items, with extra cash on top if they want to even out the deal.',
          'You can browse and search without an account. To list, like, ask questions, chat or make an offer, create a free account as an individual or as a business.',
        ],
      },
      {
        heading: 'Swaps you can trust',
        blocks: [
          'A swap on Swapstuff is a protected transaction, not a handshake with a stranger. Once an offer is accepted, both members give their swap details (shipping address and what they are sending). Any cash in the deal is held in escrow while the swap is under way.',
          'Swap details must arrive within 72 hours of acceptance. If the other member does not respond in time, the swap is marked abandoned and any money held for it is returned. Nobody is left waiting on an item that will never come.',
          {
            list: [
              'Shipping labels, tracking and delivery updates for every parcel',
              'Ratings and reviews after each completed order or swap',
              'Disputes handled by our support team when something goes wrong',
              'Report and block tools for members who break the rules',
            ],
          },
        ],
      },
      {
        heading: 'For individuals and businesses',
        blocks: [
          'Individuals clear out what they no longer use. Businesses sell surplus stock, returns and ex-display items under their business name, with their business address and contact details on their profile.',
        ],
      },
      {
        heading: 'Get in touch',
        blocks: ['Ideas, questions or problems? Send us a note from the Feedback page in your account menu.'],
      },
    ],
  },

  'term-and-condition': {
    title: 'Terms and Conditions',
    updated: UPDATED,
    intro: [
      'These terms are the agreement between you and Swapstuff when you use the Swapstuff website and apps. By creating an account or using the marketplace you accept them. Please read them carefully.',
    ],
    sections: [
      {
        heading: '1. Your account',
        blocks: [
          {
            list: [
              'You must be at least 18 years old, or the age of majority where you live, to create an account.',
              'Give accurate information and keep it up to date. A business account must use the legal or trading name of the business it represents.',
              'Keep your password secret. You are responsible for what happens under your account; tell us at once if you think someone else has used it.',
              'One person or business may not hold several accounts to get around a restriction or a review.',
            ],
          },
        ],
      },
      {
        heading: '2. Listing items',
        blocks: [
          'You may only list items you own and have the right to sell or swap. Describe each item honestly, including its condition and any defects, and use photos of the actual item (up to 5 per listing). Prices are in US dollars, from $1 to $999,999.',
          'A buyable listing must include accurate package dimensions and weight so shipping can be calculated. You may edit or delete a listing while it is active; once a sale or swap is under way it can no longer be changed.',
          "You may not list anything illegal, stolen, counterfeit, dangerous or recalled; weapons and ammunition; alcohol, tobacco, drugs or prescription medicine; live animals; adult content; personal data; or anything that infringes someone else's rights. We may remove any listing that breaks these terms.",
        ],
      },
      {
        heading: '3. Buying',
        blocks: [
          'When you buy an item you agree to pay the listed price plus the shipping shown at checkout. The seller agrees to ship the item promptly to the address you choose, using the label or carrier the order specifies, and to add tracking information.',
        ],
      },
      {
        heading: '4. Swaps',
        blocks: [
          "A swap offer proposes one of your items, optionally with extra cash, in exchange for another member's item. An offer is binding once the other member accepts it. You may cancel your own offer while it is still pending.",
          'After acceptance both members must provide their swap details within 72 hours. If one member does not, the swap is abandoned and any money held in escrow for it is returned to the member who paid it. Cash in a swap is released only when the swap completes.',
          'Each member ships their item as described in the swap. An item that is not as described may be the subject of a dispute.',
        ],
      },
      {
        heading: '5. Shipping, disputes and reviews',
        blocks: [
          'Ship items well packed and on time. If an item does not arrive, or arrives significantly different from its description, open a dispute from the order. Our support team reviews the evidence from both sides and decides how the money held for the order is settled; you agree to cooperate with that review.',
          'After an order or swap you can rate and review the other member. Reviews must be honest and about the transaction; we may remove reviews that are abusive, off-topic or manipulated.',
        ],
      },
      {
        heading: '6. Conduct',
        blocks: [
          'Be respectful in chat, questions and reviews. Do not harass other members, send spam, or try to take a transaction off the platform to avoid its protections. Do not interfere with the service, scrape it, or access accounts that are not yours.',
        ],
      },
      {
        heading: '7. Suspension and closing your account',
        blocks: [
          'We may suspend or close an account that breaks these terms or puts other members at risk. You may delete your account at any time from Delete Account in your account menu; transactions already under way must still be completed or settled.',
        ],
      },
      {
        heading: '8. Our responsibility',
        blocks: [
          'Swapstuff provides the marketplace; the sale or swap is between the members involved. We work to keep the service available and secure but cannot guarantee it will always be uninterrupted. To the extent the law allows, we are not liable for indirect losses, and our total liability for any claim is limited to the fees we received for the transaction concerned.',
        ],
      },
      {
        heading: '9. Changes',
        blocks: [
          'We may update these terms. We will show the date of the latest version at the top of this page and tell you about significant changes before they take effect. If you keep using Swapstuff after that, the new terms apply.',
        ],
      },
    ],
  },

  'privacy-policy': {
    title: 'Privacy Policy',
    updated: UPDATED,
    intro: [
      'This policy explains what personal information Swapstuff collects, why, who we share it with, and the choices you have. We collect only what we need to run a safe marketplace.',
    ],
    sections: [
      {
        heading: 'What we collect',
        blocks: [
          {
            list: [
              'Account details: your name or business name, username, email address, phone number, and for businesses the address and EIN you give us.',
              'Your password, which we store only as a one-way hash; nobody at Swapstuff can read it.',
              'What you post: listings, photos, videos, questions, answers, reviews and chat messages.',
              'Transaction details: orders, swaps, shipping addresses, tracking and dispute information.',
              'Payment cards are handled by our payment processor; we keep only the card brand and last digits to show you which card you used.',
              'Technical data: sign-in times, IP address and basic device information, used for security and to prevent abuse.',
            ],
          },
        ],
      },
      {
        heading: 'How we use it',
        blocks: [
          'To run your account and the marketplace: show your listings, deliver messages and notifications, process purchases and swaps, create shipping labels, handle disputes and keep the service secure (for example, limiting repeated failed sign-ins). We also use your email to send password reset links and messages about your transactions.',
        ],
      },
      {
        heading: 'Who sees it',
        blocks: [
          'Other members see your public profile: first name and last initial (or your business name), your listings, ratings and reviews. When you buy or swap, the other member receives the name and shipping address needed to send the item. Carriers receive the shipping details on the label, and the payment processor the payment details. We do not sell your personal information.',
        ],
      },
      {
        heading: 'Cookies',
        blocks: [
          'We use a session cookie to keep you signed in and a security cookie that protects your account against cross-site requests. They are needed for the site to work. We do not use advertising cookies.',
        ],
      },
      {
        heading: 'How long we keep it',
        blocks: [
          'We keep your information while your account is open. When you delete your account we remove your profile and listings; records of completed transactions are kept only as long as the law requires for tax, accounting and fraud prevention.',
        ],
      },
      {
        heading: 'Your choices',
        blocks: [
          'You can see and correct your details on My Profile, change your password on Change Password, and delete your account on Delete Account. For any other request about your data, contact us through the Feedback page.',
          'Swapstuff is not meant for children under 18 and we do not knowingly collect their information.',
        ],
      },
    ],
  },

  help: {
    title: 'Help Center',
    intro: ['Answers to the questions members ask most. Cannot find yours? Send us a note from the Feedback page.'],
    sections: [
      {
        heading: 'Getting started',
        blocks: [
          {
            question: 'How do I create an account?',
            answer:
              'Choose Sign Up, pick Individual or Business, fill in your details and accept the terms. Business accounts add the business name, address and contact number; the EIN is optional. You are signed in as soon as the account is created.',
          },
          {
            question: 'I forgot my password. What do I do?',
            answer:
              'On the sign-in screen choose Forgot password? and enter your email. We send a link that lets you choose a new password; it works once and expires after one hour.',
          },
          {
            question: 'How do I change my password?',
            answer:
              'Open Change Password from your account menu, enter your current password and the new one twice. Other devices signed in to your account are signed out.',
          },
        ],
      },
      {
        heading: 'Selling',
        blocks: [
          {
            question: 'How do I list an item?',
            answer:
              'Choose Upload Product, pick a category, add up to 5 photos, a title, a price and a description, and say whether buyers can purchase it directly. For buyable items, give the package dimensions and weight so we can calculate shipping.',
          },
          {
            question: 'Can I edit or delete a listing?',
            answer:
              'Yes, from My Listings, as long as the listing is still active. Once a sale or swap is under way it is locked.',
          },
        ],
      },
      {
        heading: 'Swapping',
        blocks: [
          {
            question: 'How does a swap work?',
            answer:
              'On a listing, choose to swap and offer one of your own items, adding cash if you like. The other member accepts or rejects your offer. Follow your offers under Swap Requests.',
          },
          {
            question: 'What is the 72-hour rule?',
            answer:
              'Once a swap is accepted, both members have 72 hours to give their swap details. If the other member does not, the swap is abandoned and any money held in escrow is returned to you.',
          },
          {
            question: 'Is my money safe in a swap?',
            answer:
              'Yes. Cash added to a swap is held in escrow and released only when the swap completes. If something goes wrong, open a dispute from the order and our team will review it.',
          },
        ],
      },
      {
        heading: 'Buying and shipping',
        blocks: [
          {
            question: 'How is shipping calculated?',
            answer:
              'From the package size and weight the seller entered and the addresses involved. You see the cost before you pay.',
          },
          {
            question: 'Where are my orders?',
            answer:
              'Items you bought are under My Purchases and items you sold under My Orders, each with shipping updates and tracking. After delivery you can add a rating.',
          },
          {
            question: 'The item did not arrive or is not as described.',
            answer:
              'Open a dispute from the order card with the reason and any photos. Our support team will look at both sides.',
          },
        ],
      },
      {
        heading: 'Your account',
        blocks: [
          {
            question: 'How do I delete my account?',
            answer:
              'Open Delete Account from your account menu, choose a reason and confirm with your password. Finish or settle any sale or swap under way first.',
          },
        ],
      },
    ],
  },
};
