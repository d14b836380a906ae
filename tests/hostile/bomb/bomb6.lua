-- level 6: the payload
x = "the same forty characters over and over"
