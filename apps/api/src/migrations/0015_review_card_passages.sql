-- The passage a review card's question refers to, as it was last drawn with it, so a question
-- about a text comes back in the reviews with that text. Null for questions without a passage.
alter table review_cards add column passage jsonb;
